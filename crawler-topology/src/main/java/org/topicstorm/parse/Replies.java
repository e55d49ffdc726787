package org.topicstorm.parse;

import java.io.Serializable;

/**
 * The replies a page shows (a forum thread's posts after the first, a blog post's or a news article's comments), as
 * found by {@link ReplyFinder}: what the 003 patent's topic heat is computed from.
 *
 * @param count    replies on the page (or the count the page declares, when larger)
 * @param meanTime the mean of their times, epoch ms; null when none of them says when it was written
 */
public record Replies(int count, Long meanTime) implements Serializable {

    /** A page without replies. */
    public static final Replies NONE = new Replies(0, null);
}
