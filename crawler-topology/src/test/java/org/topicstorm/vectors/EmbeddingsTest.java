package org.topicstorm.vectors;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddingsTest {

    private static Embeddings sample() {
        // a (3,4) -> unit (0.6, 0.8); b (1,0); c (0,2) -> (0,1); d (-1,-1) -> (-0.7071, -0.7071); z (0,0) stays zero
        return Embeddings.of(List.of("a", "b", "c", "d", "z"), List.of(new float[] {3, 4}, new float[] {1, 0},
                new float[] {0, 2}, new float[] {-1, -1}, new float[] {0, 0}));
    }

    @Test
    void keepsUnitVectors() {
        Embeddings e = sample();
        assertEquals(2, e.dimension());
        assertEquals(5, e.size());
        assertArrayEquals(new float[] {0.6f, 0.8f}, e.vector("a"), 1e-7f);
        assertArrayEquals(new float[] {0, 1}, e.vector("c"), 1e-7f);
        assertArrayEquals(new float[] {0, 0}, e.vector("z"));
        assertNull(e.vector("nope"));
        assertTrue(e.contains("a"));
        assertFalse(e.contains("A"));
        assertEquals(List.of("a", "b", "c", "d", "z"), e.words());
    }

    @Test
    void cosines() {
        Embeddings e = sample();
        // cos(a, b) = 0.6*1 + 0.8*0 = 0.6; cos(a, c) = 0.8; cos(a, d) = -(0.6+0.8)/sqrt2 = -0.98995
        assertEquals(0.6, e.cosine("a", "b"), 1e-6);
        assertEquals(0.8, e.cosine("a", "c"), 1e-6);
        assertEquals(-1.4 / Math.sqrt(2), e.cosine("a", "d"), 1e-6);
        assertEquals(0, e.cosine("a", "z"));
        assertTrue(Double.isNaN(e.cosine("a", "nope")));
        // The returned vector is a copy.
        e.vector("a")[0] = 42;
        assertEquals(0.6, e.cosine("a", "b"), 1e-6);
    }

    @Test
    void nearestByCosineExcludingTheWordItself() {
        Embeddings e = sample();
        // From a: c 0.8, b 0.6, z 0, d -0.99
        assertEquals(List.of("c", "b", "z", "d"), e.nearest("a", 10));
        assertEquals(List.of("c", "b"), e.nearest("a", 2));
        assertEquals(0.8, e.neighbours("a", 1).get(0).cosine(), 1e-6);
        assertEquals(List.of(), e.nearest("nope", 3));
        assertEquals(List.of(), e.nearest("a", 0));
        // Any query vector, normalised first: (10, 0) is b's direction.
        assertEquals("b", e.neighbours(new float[] {10, 0}, 1).get(0).word());
    }

    @Test
    void firstVectorOfARepeatedWordWins() {
        Embeddings.Builder b = Embeddings.builder(2);
        assertTrue(b.add("x", new float[] {1, 0}));
        assertFalse(b.add("x", new float[] {0, 1}));
        Embeddings e = b.build();
        assertEquals(1, e.size());
        assertArrayEquals(new float[] {1, 0}, e.vector("x"));
        assertThrows(IllegalStateException.class, () -> b.add("y", new float[] {1, 0}));
    }

    @Test
    void rejectsWhatFilesCannotHold() {
        Embeddings.Builder b = Embeddings.builder(2);
        assertThrows(IllegalArgumentException.class, () -> b.add("two words", new float[] {1, 0}));
        assertThrows(IllegalArgumentException.class, () -> b.add("", new float[] {1, 0}));
        assertThrows(IllegalArgumentException.class, () -> b.add("x", new float[] {1, 0, 0}));
        assertThrows(IllegalArgumentException.class, () -> b.add("x", new float[] {Float.NaN, 0}));
        assertThrows(IllegalArgumentException.class, () -> Embeddings.builder(0));
        assertThrows(IllegalStateException.class, () -> Embeddings.builder(2).build());
    }
}
