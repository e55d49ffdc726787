package org.topicstorm.index;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NearDuplicatesTest {

    private static final long A = 0x0123_4567_89ab_cdefL;

    private static NearDuplicates.Page page(String url, Long simhash) {
        return new NearDuplicates.Page(url, simhash);
    }

    @Test
    void aPageWithinThreeBitsOfAStoredOneIsItsDuplicate() {
        List<NearDuplicates.Indexed> stored = List.of(new NearDuplicates.Indexed("http://a/1", A));
        assertEquals(Arrays.asList("http://a/1", null, null, null), NearDuplicates.duplicateOf(List.of(
                page("http://b/copy", A ^ 0b111L),        // 3 bits apart: near
                page("http://b/other", A ^ 0b1111L),      // 4 bits: not
                page("http://a/1", A),                    // its own URL: a re-fetch replaces its document
                page("http://b/short", null)), stored));  // no signature: never a duplicate
    }

    @Test
    void theNearestIsNamedAndTiesGoByUrl() {
        List<NearDuplicates.Indexed> stored = List.of(new NearDuplicates.Indexed("http://z/far", A ^ 0b11L),
                new NearDuplicates.Indexed("http://y/near", A ^ 0b1L), new NearDuplicates.Indexed("http://x/near", A ^ 0b10L));
        assertEquals(List.of("http://x/near"), NearDuplicates.duplicateOf(List.of(page("http://new", A)), stored));
    }

    @Test
    void aLaterPageOfTheBatchDuplicatesAnEarlierStoredOne() {
        // the first is stored; the second repeats it; the third repeats the second, which is not stored, and the
        // first, which is: it names the first
        assertEquals(Arrays.asList(null, "http://a/1", "http://a/1"), NearDuplicates.duplicateOf(List.of(
                page("http://a/1", A), page("http://a/2", A ^ 0b1L), page("http://a/3", A ^ 0b1L)), List.of()));
    }
}
