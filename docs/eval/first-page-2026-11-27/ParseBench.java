import org.topicstorm.parse.*;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/** Parses the same HTML files repeatedly; prints ms of CPU (this thread) per page after a warm-up. */
public class ParseBench {
    public static void main(String[] a) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of(a[0]))) {
            files = s.filter(p -> p.toString().endsWith(".html")).sorted().limit(Integer.parseInt(a[1])).toList();
        }
        List<byte[]> pages = new ArrayList<>();
        for (Path p : files) pages.add(Files.readAllBytes(p));
        PageParser parser = new PageParser(ParseConfig.defaults());
        var bean = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int round = 0; round < 6; round++) {
            long t0 = bean.getCurrentThreadCpuTime();
            int n = 0;
            for (int i = 0; i < pages.size(); i++) {
                try { parser.parse("http://127.0.0.2/p" + i + ".html", pages.get(i), "text/html", null); n++; } catch (Exception e) { }
            }
            long t1 = bean.getCurrentThreadCpuTime();
            System.out.printf("round %d: %d pages, %.3f ms CPU per page%n", round, n, (t1 - t0) / 1e6 / n);
        }
    }
}
