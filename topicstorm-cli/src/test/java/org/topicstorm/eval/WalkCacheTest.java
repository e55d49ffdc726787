package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WalkCacheTest {

    @Test
    void aKeptResultIsReadBackUnderItsKeyOnly(@TempDir Path dir) {
        WalkCache cache = new WalkCache(dir.resolve("walks"), "code 1");
        String key = cache.key(List.of("corpus a", "seeds [x]"));
        Reachability r = new Reachability(2251, 41, 56, 40);
        assertEquals(Optional.empty(), cache.get(key));
        cache.put(key, r);
        assertEquals(Optional.of(r), cache.get(key));
        assertEquals(Optional.of(r), new WalkCache(dir.resolve("walks"), "code 1").get(key));
        assertEquals(Optional.empty(), cache.get(cache.key(List.of("corpus a", "seeds [y]"))));
    }

    @Test
    void theKeyChangesWithEveryPartAndWithTheCode() {
        WalkCache a = new WalkCache(Path.of("unused"), "code 1");
        WalkCache b = new WalkCache(Path.of("unused"), "code 2");
        List<String> parts = List.of("corpus a", "max depth 0");
        assertEquals(a.key(parts), a.key(List.copyOf(parts)));
        assertNotEquals(a.key(parts), b.key(parts));
        assertNotEquals(a.key(parts), a.key(List.of("corpus a", "max depth 3")));
        // lines are kept apart: "ab" + "c" is not "a" + "bc"
        assertNotEquals(a.key(List.of("ab", "c")), a.key(List.of("a", "bc")));
    }

    @Test
    void aDisabledCacheKeepsNothing(@TempDir Path dir) {
        WalkCache cache = new WalkCache(dir, null);
        assertFalse(cache.enabled());
        String key = cache.key(List.of("x"));
        cache.put(key, new Reachability(1, 1, 1, 1));
        assertEquals(Optional.empty(), cache.get(key));
        assertEquals(0, dir.toFile().list().length);
    }

    @Test
    void anUnreadableFileIsAMiss(@TempDir Path dir) throws Exception {
        WalkCache cache = new WalkCache(dir, "code");
        String key = cache.key(List.of("x"));
        Files.writeString(dir.resolve(key + ".json"), "{not json");
        assertEquals(Optional.empty(), cache.get(key));
    }

    /** Library jars by name, size and time; the crawler's class directories by the files of the walk's packages. */
    @Test
    void theClassPathFingerprintFollowsLibrariesAndTheWalksOwnClasses(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("a.jar"), "not really a jar");
        Path parse = Files.createDirectories(dir.resolve("classes/org/topicstorm/parse"));
        Path priority = Files.createDirectories(dir.resolve("classes/org/topicstorm/priority"));
        Path sim = Files.createDirectories(dir.resolve("classes/org/topicstorm/eval/sim"));
        Path parser = Files.writeString(parse.resolve("PageParser.class"), "v1");
        Path strategy = Files.writeString(priority.resolve("LinkScorer.class"), "v1");
        Path simulation = Files.writeString(sim.resolve("SimulatedCrawl.class"), "v1");
        String cp = jar + File.pathSeparator + dir.resolve("classes") + File.pathSeparator + dir.resolve("absent");
        String first = WalkCache.classPathFingerprint(cp);
        assertNotNull(first);
        assertEquals(first, WalkCache.classPathFingerprint(cp));

        // what an evaluation measures changes: the walk stays
        touch(strategy);
        Files.writeString(strategy, "v2, longer");
        touch(simulation);
        Files.writeString(priority.resolve("NewStrategy.class"), "new");
        assertEquals(first, WalkCache.classPathFingerprint(cp));

        // a rebuild that writes the same bytes: the same walk
        touch(parser);
        assertEquals(first, WalkCache.classPathFingerprint(cp));
        // the parser changes: a new walk
        Files.writeString(parser, "v2");
        String second = WalkCache.classPathFingerprint(cp);
        assertNotEquals(first, second);
        // a resource (e.g. the URL filters' configuration) changes: a new walk
        Files.writeString(dir.resolve("classes/urlfilters.json"), "{}");
        String third = WalkCache.classPathFingerprint(cp);
        assertNotEquals(second, third);
        // a library is replaced: a new walk
        touch(jar);
        assertNotEquals(third, WalkCache.classPathFingerprint(cp));

        assertNull(WalkCache.classPathFingerprint(""));
        assertNull(WalkCache.classPathFingerprint(dir.resolve("absent").toString()));
    }

    @Test
    void theWalksPackagesCountAndTheStrategiesAndSimulationDoNot() {
        assertTrue(WalkCache.counts("org/topicstorm/parse/PageParser.class"));
        assertTrue(WalkCache.counts("org/topicstorm/corpus/CorpusServer.class"));
        assertTrue(WalkCache.counts("org/topicstorm/eval/Reachability.class"));
        assertTrue(WalkCache.counts("urlfilters-offline.json"));
        assertTrue(WalkCache.counts("com/digitalpebble/stormcrawler/filtering/URLFilter.class"));
        assertFalse(WalkCache.counts("org/topicstorm/priority/LinkScorer.class"));
        assertFalse(WalkCache.counts("org/topicstorm/frontier/FrontierReader.class"));
        assertFalse(WalkCache.counts("org/topicstorm/eval/sim/SimulatedCrawl.class"));
        assertFalse(WalkCache.counts("org/topicstorm/cli/version.properties"));   // the build's time
        assertFalse(WalkCache.counts("META-INF/MANIFEST.MF"));
        assertTrue(WalkCache.counts("META-INF/services/org.apache.tika.parser.Parser"));
    }

    private static void touch(Path f) throws Exception {
        Files.setLastModifiedTime(f, FileTime.fromMillis(Files.getLastModifiedTime(f).toMillis() + 5_000));
    }

    /** The crawler's own jar (crawler-topology on the launcher's class path) by the entries of the walk's packages. */
    @Test
    void theCrawlersOwnJarCountsByTheWalksEntries(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("crawler-topology-0.1.0-SNAPSHOT.jar");
        writeJar(jar, "parse v1", "priority v1");
        String first = WalkCache.classPathFingerprint(jar.toString());
        writeJar(jar, "parse v1", "priority v2, another strategy");
        touch(jar);
        assertEquals(first, WalkCache.classPathFingerprint(jar.toString()));
        writeJar(jar, "parse v2", "priority v2, another strategy");
        assertNotEquals(first, WalkCache.classPathFingerprint(jar.toString()));
        // the same bytes under a library's name: by size and time
        Path library = dir.resolve("jsoup-1.0.jar");
        Files.copy(jar, library);
        String lib = WalkCache.classPathFingerprint(library.toString());
        touch(library);
        assertNotEquals(lib, WalkCache.classPathFingerprint(library.toString()));
    }

    @Test
    void thePortIsWrittenAsPortAndNothingElseChanges() {
        assertEquals("[http://127.0.0.2:PORT/library/re.html, http://127.0.0.3:PORT/]",
                WalkCache.portless("[http://127.0.0.2:36681/library/re.html, http://127.0.0.3:36681/]", 36681));
        assertEquals("127.0.0.2:366810 and :3668", WalkCache.portless("127.0.0.2:366810 and :3668", 36681));
    }

    private static void writeJar(Path jar, String parse, String priority) throws Exception {
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            z.putNextEntry(new java.util.zip.ZipEntry("org/topicstorm/parse/PageParser.class"));
            z.write(parse.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            z.putNextEntry(new java.util.zip.ZipEntry("org/topicstorm/priority/LinkScorer.class"));
            z.write(priority.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            z.putNextEntry(new java.util.zip.ZipEntry("META-INF/MANIFEST.MF"));
            z.write(("Built: " + System.nanoTime()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
