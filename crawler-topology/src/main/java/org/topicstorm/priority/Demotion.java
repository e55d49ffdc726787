package org.topicstorm.priority;

/**
 * A parent whose contribution to each of its waiting children is to be multiplied by {@code factor} (003: several of
 * its children in a row were irrelevant). Travels with the status tuple of the page whose verdict completed the run.
 */
public record Demotion(String parent, double factor) implements java.io.Serializable {
}
