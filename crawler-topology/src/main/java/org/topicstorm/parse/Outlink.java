package org.topicstorm.parse;

import java.io.Serializable;

/**
 * A link found on a page.
 *
 * @param url         absolute, normalised target URL
 * @param anchorText  the link's anchor text (white space collapsed; may be empty)
 * @param nearbyText  text around the link in its enclosing block (a few words either side; may be empty)
 */
public record Outlink(String url, String anchorText, String nearbyText) implements Serializable {
}
