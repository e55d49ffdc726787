package org.topicstorm.parse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionParamsNormalizerTest {

    private final SessionParamsNormalizer n = new SessionParamsNormalizer();

    @Test
    void sessionIdsAndTrackingTagsGoInAnyCase() {
        assertEquals("http://h/page", n.normalise("http://h/page?sid=8f3a9c"));
        assertEquals("http://h/page", n.normalise("http://h/page?SID=8f3a9c"));
        assertEquals("http://h/page?id=4", n.normalise("http://h/page?PHPSESSID=x1&id=4"));
        assertEquals("http://h/page?id=4&lang=en",
                n.normalise("http://h/page?id=4&utm_source=mail&lang=en&utm_Campaign=z"));
        assertEquals("http://h/page?a=1", n.normalise("http://h/page?a=1&ASPSESSIONIDQSCTRDAB=KLM&fbclid=IwAR"));
        assertEquals("http://h/page#top", n.normalise("http://h/page?jsessionid=1#top"));
    }

    @Test
    void pathParametersToo() {
        assertEquals("http://h/app/page.jsp", n.normalise("http://h/app/page.jsp;jsessionid=0A1B2C"));
        assertEquals("http://h/app/page.jsp?x=1", n.normalise("http://h/app/page.jsp;JSESSIONID=0A1B2C?x=1"));
        assertEquals("http://h/a/b;v=2", n.normalise("http://h/a;jsessionid=1/b;v=2"));
    }

    @Test
    void otherParametersAndTheirOrderStay() {
        for (String url : List.of("http://h/page", "http://h/page?b=2&a=1", "http://h/search?q=session+id",
                "http://h/page?side=left", "http://h/page?sidebar=1", "http://h/a;v=2/b", "http://h/page?x")) {
            assertEquals(url, n.normalise(url), url);
        }
    }

    @Test
    void theNamesCanBeConfigured() throws Exception {
        SessionParamsNormalizer custom = new SessionParamsNormalizer();
        custom.configure(Map.of(), new ObjectMapper().readTree("{\"remove\": [\"token\", \"ref_*\"]}"));
        assertEquals("http://h/p?sid=1", custom.normalise("http://h/p?sid=1&Token=2&ref_src=3&REF_x=4"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> custom.configure(Map.of(), new ObjectMapper().readTree("{\"remove\": \"sid\"}")));
        assertTrue(e.getMessage().contains("'remove'"), e.getMessage());
    }
}
