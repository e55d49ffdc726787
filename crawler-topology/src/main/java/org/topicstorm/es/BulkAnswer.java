package org.topicstorm.es;

import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;

/**
 * How Elasticsearch answered one item of a bulk request, as the writers act on it: stored; a version conflict
 * (someone wrote in between; for a create-once document: it exists already); rejected for good (a 400: a mapping or
 * parsing error, a document ES can never store as it is, so retrying it can only fail again); or failed for now
 * (429 overloaded, 5xx, a block: it may pass later).
 */
public enum BulkAnswer {
    OK, CONFLICT, REJECTED, FAILED;

    public static BulkAnswer of(BulkResponseItem item) {
        if (item.error() == null) {
            return OK;
        }
        return switch (item.status()) {
            case 409 -> CONFLICT;
            case 400 -> REJECTED;
            default -> FAILED;
        };
    }

    /** The error of an item that has one, as "type: reason". */
    public static String errorOf(BulkResponseItem item) {
        return item.error() == null ? "" : item.error().type() + ": " + item.error().reason();
    }
}
