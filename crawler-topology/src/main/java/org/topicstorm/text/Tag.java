package org.topicstorm.text;

/** Where on a page a piece of text stands; the 002 patent weights a term's count by its tag. */
public enum Tag { TITLE, HEADING, ANCHOR, BODY }
