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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sweep's rule and its walk over homes without a node (OrphanedNodesIT: a real node, an owner in another JVM). */
class OrphanedNodesTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void aLiveOwnerKeepsItsHomeAGoneOneDoesNot() {
        assertFalse(OrphanedNodes.isOrphan(OrphanedNodes.Owner.ALIVE, NOW.minus(Duration.ofDays(1)), NOW));
        assertTrue(OrphanedNodes.isOrphan(OrphanedNodes.Owner.GONE, NOW, NOW));
    }

    @Test
    void aHomeWithoutOwnerIsAnOrphanOnlyAfterTheGrace() {
        assertFalse(OrphanedNodes.isOrphan(OrphanedNodes.Owner.NONE, NOW.minus(Duration.ofMinutes(9)), NOW));
        assertTrue(OrphanedNodes.isOrphan(OrphanedNodes.Owner.NONE, NOW.minus(Duration.ofMinutes(11)), NOW));
    }

    @Test
    void anOwnerFileNobodyHoldsLockedMeansTheOwnerIsGone(@TempDir Path home) throws Exception {
        assertEquals(OrphanedNodes.Owner.NONE, OrphanedNodes.owner(home));
        Files.writeString(home.resolve(OrphanedNodes.OWNER_FILE), "12345\n");
        assertEquals(OrphanedNodes.Owner.GONE, OrphanedNodes.owner(home));
    }

    /** Homes without a running node: the orphans are deleted; owned ones, young ones, links and others are kept. */
    @Test
    void sweepDeletesOrphansOnly(@TempDir Path parent) throws Exception {
        Path gone = Files.createDirectory(parent.resolve("es-gone"));
        Files.writeString(gone.resolve(OrphanedNodes.OWNER_FILE), "12345\n");
        Files.createDirectories(gone.resolve("data/nodes"));
        Path mine = Files.createDirectory(parent.resolve("es-mine"));
        OrphanedNodes.own(mine);
        Path young = Files.createDirectory(parent.resolve("es-young"));
        Path old = Files.createDirectory(parent.resolve("es-old"));
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Path other = Files.createDirectory(parent.resolve("other"));
        Files.setLastModifiedTime(other, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        // a link among the homes to a directory that is not ours: neither followed nor emptied
        Path target = Files.createDirectory(parent.resolve("target-of-link"));
        Files.writeString(target.resolve("keep.txt"), "keep");
        Files.setLastModifiedTime(target, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Files.createSymbolicLink(parent.resolve("es-link"), target);

        List<String> progress = new ArrayList<>();
        List<Path> swept = OrphanedNodes.sweep(parent, progress::add);

        assertEquals(List.of(gone, old).stream().sorted().toList(), swept.stream().sorted().toList(),
                progress.toString());
        assertFalse(Files.exists(gone));
        assertFalse(Files.exists(old));
        assertTrue(Files.isDirectory(mine), "this JVM's own home");
        assertEquals(OrphanedNodes.Owner.NONE, OrphanedNodes.owner(young));
        assertTrue(Files.isDirectory(young));
        assertTrue(Files.isDirectory(other));
        assertEquals("keep", Files.readString(target.resolve("keep.txt")));
        assertEquals(2, progress.stream().filter(l -> l.startsWith("Swept a benchmark node")).count(),
                progress.toString());
        OrphanedNodes.release(mine);
    }

    @Test
    void aParentOthersMayWriteToIsNotSwept(@TempDir Path parent) throws Exception {
        Path gone = Files.createDirectory(parent.resolve("es-gone"));
        Files.writeString(gone.resolve(OrphanedNodes.OWNER_FILE), "12345\n");
        Files.setPosixFilePermissions(parent, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        List<String> progress = new ArrayList<>();
        assertEquals(List.of(), OrphanedNodes.sweep(parent, progress::add));
        assertTrue(Files.isDirectory(gone));
        assertTrue(progress.get(0).startsWith("not looking for benchmark nodes"), progress.toString());
    }

    @Test
    void sweepOfAMissingParentFindsNothing(@TempDir Path parent) {
        assertEquals(List.of(), OrphanedNodes.sweep(parent.resolve("none"), s -> { }));
    }
}
