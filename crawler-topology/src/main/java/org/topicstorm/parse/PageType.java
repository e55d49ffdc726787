package org.topicstorm.parse;

/** The 001 paper's page types: a hub page is mostly links, a topic page mostly its own text. */
public enum PageType { HUB, TOPIC }
