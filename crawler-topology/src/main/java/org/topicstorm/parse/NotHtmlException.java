package org.topicstorm.parse;

/**
 * The fetched content is not an HTML page (binary data, an image or archive served under any content type, a declared
 * non-HTML content type, or nothing at all). Parsing it would only produce garbage text and links.
 */
public class NotHtmlException extends Exception {
    private final String reason;

    public NotHtmlException(String reason) {
        super("Not HTML: " + reason);
        this.reason = reason;
    }

    /** A short, human-readable reason, e.g. "binary content (image/png)". */
    public String reason() {
        return reason;
    }
}
