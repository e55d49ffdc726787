package org.topicstorm.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OrphanedNodesTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

    /** The pid of a process that has exited (and been reaped). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertEquals(0, p.waitFor());
        return p.pid();
    }

    @Test
    void aHomeWhoseOwnerIsGoneIsAnOrphan() throws Exception {
        assertTrue(OrphanedNodes.isOrphan(new OrphanedNodes.Owner(deadPid(), NOW).line(), NOW, NOW));
    }

    @Test
    void aHomeOwnedByALiveProcessIsNot() {
        assertFalse(OrphanedNodes.isOrphan(OrphanedNodes.Owner.current().line(), NOW.minus(Duration.ofDays(1)), NOW));
    }

    @Test
    void aLivePidThatStartedAtAnotherInstantIsAReusedPidSoTheOwnerIsGone() {
        long self = ProcessHandle.current().pid();
        assertTrue(OrphanedNodes.isOrphan(new OrphanedNodes.Owner(self, Instant.EPOCH).line(), NOW, NOW));
    }

    @Test
    void aHomeWithoutOwnerIsAnOrphanOnlyAfterTheGrace() {
        assertFalse(OrphanedNodes.isOrphan(null, NOW.minus(Duration.ofMinutes(9)), NOW));
        assertTrue(OrphanedNodes.isOrphan(null, NOW.minus(Duration.ofMinutes(11)), NOW));
    }

    @Test
    void anOwnerFileThatNamesNoProcessIsAnOrphan() {
        assertNull(OrphanedNodes.Owner.parse("not an owner"));
        assertTrue(OrphanedNodes.isOrphan("12 yesterday", NOW, NOW));
    }

    @Test
    void ownerLinesRoundTrip() {
        OrphanedNodes.Owner o = new OrphanedNodes.Owner(4242, Instant.parse("2026-11-29T09:00:00.123Z"));
        assertEquals(o, OrphanedNodes.Owner.parse(o.line() + "\n"));
    }

    /** Homes without a running node: the orphans are deleted, the others and what is not a home are kept. */
    @Test
    void sweepDeletesOrphansOnly(@TempDir Path parent) throws Exception {
        Path dead = Files.createDirectory(parent.resolve("es-dead"));
        Files.writeString(dead.resolve(OrphanedNodes.OWNER_FILE), new OrphanedNodes.Owner(deadPid(), NOW).line());
        Files.createDirectories(dead.resolve("data/nodes"));
        Path live = Files.createDirectory(parent.resolve("es-live"));
        OrphanedNodes.own(live);
        Path young = Files.createDirectory(parent.resolve("es-young"));
        Path old = Files.createDirectory(parent.resolve("es-old"));
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Path other = Files.createDirectory(parent.resolve("other"));
        Files.setLastModifiedTime(other, FileTime.from(Instant.now().minus(Duration.ofHours(1))));

        List<String> progress = new ArrayList<>();
        List<Path> swept = OrphanedNodes.sweep(parent, progress::add);

        assertEquals(List.of(dead, old).stream().sorted().toList(), swept.stream().sorted().toList());
        assertFalse(Files.exists(dead));
        assertFalse(Files.exists(old));
        assertTrue(Files.isDirectory(live));
        assertTrue(Files.isDirectory(young));
        assertTrue(Files.isDirectory(other));
        assertEquals(2, progress.stream().filter(l -> l.startsWith("A benchmark node left behind")).count(), progress.toString());
    }

    @Test
    void sweepOfAMissingParentFindsNothing(@TempDir Path parent) {
        assertEquals(List.of(), OrphanedNodes.sweep(parent.resolve("none"), s -> { }));
    }
}
