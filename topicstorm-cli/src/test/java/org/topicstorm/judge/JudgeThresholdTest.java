package org.topicstorm.judge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JudgeThresholdTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode tuned(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    @Test
    void givenBeatsTunedBeatsLowestRelevantBeatsHighestFetched() throws Exception {
        ObjectNode tuned = tuned("{\"r\": 0.35, \"history\": []}");
        assertEquals(new JudgeThreshold(0.5, "given"), JudgeThreshold.choose(0.5, tuned, 0.3, 0.9));
        assertEquals(new JudgeThreshold(0.35, "the crawl's self-tuned threshold"),
                JudgeThreshold.choose(null, tuned, 0.3, 0.9));
        assertEquals(new JudgeThreshold(0.3, "the lowest score of a page the crawl judged relevant"),
                JudgeThreshold.choose(null, null, 0.3, 0.9));
        assertEquals(new JudgeThreshold(0.2, "the highest score of a fetched page: none is relevant yet"),
                JudgeThreshold.choose(null, null, null, 0.2));
    }

    @Test
    void aTunedStateWithoutAUsableRIsPassedOver() throws Exception {
        for (String state : new String[] {"{}", "{\"r\": \"0.4\"}", "{\"r\": null}", "{\"r\": 1.5}",
                "{\"r\": -0.1}", "{\"threshold\": 0.4}"}) {
            assertEquals(0.3, JudgeThreshold.choose(null, tuned(state), 0.3, 0.9).value(), state);
        }
        assertEquals(0.0, JudgeThreshold.choose(null, tuned("{\"r\": 0}"), 0.3, 0.9).value());
        assertEquals(1.0, JudgeThreshold.choose(null, tuned("{\"r\": 1}"), 0.3, 0.9).value());
    }

    @Test
    void nothingScoredIsAnError() {
        assertEquals("no page of the crawl has been fetched and scored yet: nothing to judge",
                assertThrows(IllegalStateException.class, () -> JudgeThreshold.choose(null, null, null, null))
                        .getMessage());
    }
}
