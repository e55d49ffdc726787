package org.topicstorm.text;

import java.io.Serializable;

/**
 * Weights w_i of the 002 patent's tag-weighted frequency wf = sum_i(w_i * f_i), f_i = the term's count under tag i.
 * Every weight is a finite number &gt;= 0.
 */
public record TagWeights(double title, double heading, double anchor, double body) implements Serializable {

    /** The defaults: title 3, heading 2, anchor text 1.5, body 1 (title &gt; headings &gt; anchor text &gt; body). */
    public static final TagWeights DEFAULT = new TagWeights(3.0, 2.0, 1.5, 1.0);
    /** All tags alike: wf is the plain count. */
    public static final TagWeights UNIFORM = new TagWeights(1, 1, 1, 1);

    public TagWeights {
        check("title", title);
        check("heading", heading);
        check("anchor", anchor);
        check("body", body);
    }

    public double of(Tag tag) {
        return switch (tag) {
            case TITLE -> title;
            case HEADING -> heading;
            case ANCHOR -> anchor;
            case BODY -> body;
        };
    }

    private static void check(String name, double w) {
        if (!(w >= 0) || Double.isInfinite(w)) {
            throw new IllegalArgumentException("tag weight " + name + " must be a finite number >= 0, got " + w);
        }
    }
}
