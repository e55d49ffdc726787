package org.topicstorm.es;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BulkAnswerTest {

    private static co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem item(int status, String errorType) {
        return co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem.of(b -> {
            b.operationType(co.elastic.clients.elasticsearch.core.bulk.OperationType.Index).index("i").id("1")
                    .status(status);
            if (errorType != null) {
                b.error(e -> e.type(errorType).reason("why"));
            }
            return b;
        });
    }

    /** Only a 400 is a document ES can never store as it is; a conflict is retried; the rest may pass. */
    @Test
    void itemsAreStoredConflictingRejectedForGoodOrFailedForNow() {
        assertEquals(BulkAnswer.OK, BulkAnswer.of(item(201, null)));
        assertEquals(BulkAnswer.CONFLICT,
                BulkAnswer.of(item(409, "version_conflict_engine_exception")));
        assertEquals(BulkAnswer.REJECTED,
                BulkAnswer.of(item(400, "document_parsing_exception")));
        assertEquals(BulkAnswer.FAILED,
                BulkAnswer.of(item(429, "es_rejected_execution_exception")));
        assertEquals(BulkAnswer.FAILED,
                BulkAnswer.of(item(503, "unavailable_shards_exception")));
        assertEquals(BulkAnswer.FAILED, BulkAnswer.of(item(403, "cluster_block_exception")));
    }

    @Test
    void theErrorIsItsTypeAndReason() {
        assertEquals("document_parsing_exception: why", BulkAnswer.errorOf(item(400, "document_parsing_exception")));
        assertEquals("", BulkAnswer.errorOf(item(201, null)));
    }
}
