package org.topicstorm.fetch;

import com.digitalpebble.stormcrawler.protocol.ProtocolFactory;

/**
 * StormCrawler 2.4 keeps one ProtocolFactory per JVM, configured by the first topology that fetches, and every later
 * topology in the same JVM fetches with it. Local crawls run one after another in one JVM (an evaluation suite runs
 * many, each on its corpus server's addresses): each must fetch with its own configuration (its
 * {@code fetch.address.allow}, its fetch limits), so the factory is forgotten before each local crawl starts.
 */
public final class ProtocolCache {

    private ProtocolCache() {
    }

    /** Forgets the JVM's protocols: the next topology to fetch configures its own. */
    public static void forget() {
        try {
            java.lang.reflect.Field single = ProtocolFactory.class.getDeclaredField("single_instance");
            single.setAccessible(true);
            single.set(null, null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("StormCrawler's ProtocolFactory is not the one of version 2.4 (field "
                    + "'single_instance'): a second crawl in this JVM would fetch with the first one's settings", e);
        }
    }
}
