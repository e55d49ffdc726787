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
        assertTrue(dir.toFile().list().length == 0);
    }

    @Test
    void anUnreadableFileIsAMiss(@TempDir Path dir) throws Exception {
        WalkCache cache = new WalkCache(dir, "code");
        String key = cache.key(List.of("x"));
        Files.writeString(dir.resolve(key + ".json"), "{not json");
        assertEquals(Optional.empty(), cache.get(key));
    }

    /** Jars by name, size and time, class directories by their files: a rebuilt jar or class is new code. */
    @Test
    void theClassPathFingerprintFollowsJarsAndClassDirectories(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("a.jar"), "v1");
        Path classes = Files.createDirectories(dir.resolve("classes/org/x"));
        Path klass = Files.writeString(classes.resolve("A.class"), "class v1");
        String cp = jar + File.pathSeparator + dir.resolve("classes") + File.pathSeparator + dir.resolve("absent");
        String first = WalkCache.classPathFingerprint(cp);
        assertNotNull(first);
        assertEquals(first, WalkCache.classPathFingerprint(cp));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
        String second = WalkCache.classPathFingerprint(cp);
        assertNotEquals(first, second);
        Files.setLastModifiedTime(klass, FileTime.fromMillis(Files.getLastModifiedTime(klass).toMillis() + 5_000));
        String third = WalkCache.classPathFingerprint(cp);
        assertNotEquals(second, third);
        Files.writeString(classes.resolve("B.class"), "another");
        Files.setLastModifiedTime(classes.resolve("B.class"), FileTime.fromMillis(0));
        assertNotEquals(third, WalkCache.classPathFingerprint(cp));
        assertNull(WalkCache.classPathFingerprint(""));
        assertNull(WalkCache.classPathFingerprint(dir.resolve("absent").toString()));
    }
}
