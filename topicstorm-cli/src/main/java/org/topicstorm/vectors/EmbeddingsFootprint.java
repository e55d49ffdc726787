package org.topicstorm.vectors;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * Measures the heap an {@link Embeddings} retains (docs/benchmarks.md): used heap after full GCs, before loading
 * and after loading with the Embeddings still referenced; the difference is what it keeps (loading's temporary
 * buffers are garbage by then). The file is loaded once before, so that class initialisation is not counted. Run
 * with -XX:+UseSerialGC: its System.gc() is a full, exact collection.
 *
 * <pre>java -cp ... org.topicstorm.vectors.EmbeddingsFootprint FILE</pre>
 */
public final class EmbeddingsFootprint {

    private EmbeddingsFootprint() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: EmbeddingsFootprint VECTOR_FILE");
            System.exit(2);
        }
        // A first load initialises every class on the way (their static data is not the embedding's).
        WordVectorsFiles.load(Path.of(args[0]));
        long before = usedAfterGc();
        long start = System.nanoTime();
        Embeddings e = WordVectorsFiles.load(Path.of(args[0]));
        double seconds = (System.nanoTime() - start) / 1e9;
        long after = usedAfterGc();
        long retained = after - before;
        long floats = (long) e.size() * e.dimension() * Float.BYTES;
        System.out.printf("%s: %d words x %d, loaded in %.1f s%n", args[0], e.size(), e.dimension(), seconds);
        System.out.printf("retained heap: %.1f MB (vectors alone %.1f MB; words and index %.1f MB, %.0f bytes/word)%n",
                retained / 1e6, floats / 1e6, (retained - floats) / 1e6, (retained - floats) / (double) e.size());
        // Keep e reachable until after the measurement.
        System.out.println("(check: " + e.words().get(0) + ")");
    }

    private static long usedAfterGc() throws InterruptedException {
        var memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(100);
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
