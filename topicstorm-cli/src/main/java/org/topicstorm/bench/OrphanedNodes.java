package org.topicstorm.bench;

import org.apache.commons.io.file.PathUtils;
import org.apache.commons.io.file.StandardDeleteOption;
import org.topicstorm.es.LocalElasticsearch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Throwaway benchmark nodes whose benchmark died without stopping them. A benchmark killed by SIGKILL (a harness's
 * time-out) never runs its {@link BenchNode#close()}, and its Elasticsearch node, a process of its own, goes on
 * taking a gigabyte and CPU from every later measurement on the machine. So each throwaway home holds an owner file
 * that its benchmark keeps locked for as long as it lives: the kernel releases the lock when the process ends, even
 * by SIGKILL, so a lock that can be taken means the owner is gone (no pids or start times to compare, which pid reuse
 * and clock steps make unreliable). The next benchmark that starts a throwaway node stops the node of every home
 * whose owner is gone, and deletes the home, before it starts its own.
 */
final class OrphanedNodes {

    /** The file in a throwaway home that its benchmark keeps locked; its text (the owner's pid) is for people. */
    static final String OWNER_FILE = "owner";
    /**
     * A home without an owner file is taken for an orphan only after this long: one made by a version before owner
     * files, or whose benchmark died between creating it and owning it. A younger one may be a benchmark's that is
     * starting. (A benchmark of such an older version that runs longer than this would lose its node.)
     */
    static final Duration UNOWNED_GRACE = Duration.ofMinutes(10);

    /**
     * The owner files this JVM holds, by home, kept open (and so locked) until the JVM ends. Java's locks belong to
     * the process: opening and closing another channel on one of these files would release its lock, so a sweep
     * never opens them (it skips this JVM's own homes).
     */
    private static final Map<Path, FileChannel> OWNED = new ConcurrentHashMap<>();

    /** Whether another benchmark still uses a home, as far as its owner file tells. */
    enum Owner { ALIVE, GONE, NONE }

    private OrphanedNodes() {
    }

    /**
     * Makes the current process the owner of a throwaway home: its owner file is created under a temporary name,
     * locked, and only then moved into place, so that an owner file is never seen unlocked while its owner lives.
     */
    static void own(Path home) throws IOException {
        Path dir = home.toAbsolutePath().normalize();
        Path temp = Files.createTempFile(dir, OWNER_FILE, ".tmp");
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE);
        try {
            channel.lock();
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)));
            Files.move(temp, dir.resolve(OWNER_FILE), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(temp);
            throw e;
        }
        OWNED.put(dir, channel);
    }

    /** Gives up a home this JVM owns (its benchmark stopped the node and deleted the home). */
    static void release(Path home) {
        FileChannel channel = OWNED.remove(home.toAbsolutePath().normalize());
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // the lock goes with the process anyway
            }
        }
    }

    /** What the owner file of a home (not one of this JVM's) says: locked by a live process, unlocked, or none. */
    static Owner owner(Path home) throws IOException {
        Path file = home.resolve(OWNER_FILE);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Owner.NONE;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            FileLock lock = channel.tryLock(0, Long.MAX_VALUE, true);
            if (lock == null) {
                return Owner.ALIVE;
            }
            lock.release();
            return Owner.GONE;
        } catch (OverlappingFileLockException e) {
            return Owner.ALIVE; // this JVM's own (never reached: sweep skips those)
        }
    }

    /**
     * Whether a home is an orphan: its owner is gone, or it has no owner file and was last modified more than
     * {@link #UNOWNED_GRACE} before {@code now}.
     */
    static boolean isOrphan(Owner owner, Instant modified, Instant now) {
        return switch (owner) {
            case ALIVE -> false;
            case GONE -> true;
            case NONE -> modified.plus(UNOWNED_GRACE).isBefore(now);
        };
    }

    /**
     * Stops the node of each orphaned home under {@code parent} (directories named es-*, not links) and deletes the
     * home. Best effort: what cannot be read, stopped or deleted is reported and left. Only a parent that belongs to
     * this user and that no one else may write to is swept: entries put there by another user are not ours to act on.
     *
     * @return the homes swept
     */
    static List<Path> sweep(Path parent, Consumer<String> progress) {
        List<Path> swept = new ArrayList<>();
        try {
            if (!Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
                return swept;
            }
            if (!sweepable(parent)) {
                progress.accept("not looking for benchmark nodes left behind in " + parent
                        + ": it belongs to another user or others may write to it");
                return swept;
            }
            List<Path> homes = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, "es-*")) {
                entries.forEach(homes::add);
            }
            for (Path home : homes) {
                if (sweepOne(home.toAbsolutePath().normalize(), progress)) {
                    swept.add(home);
                }
            }
        } catch (IOException | RuntimeException e) {
            progress.accept("could not look for benchmark nodes left behind in " + parent + ": " + e);
        }
        return swept;
    }

    private static boolean sweepable(Path parent) throws IOException {
        String me = System.getProperty("user.name");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(parent, LinkOption.NOFOLLOW_LINKS);
        return Files.getOwner(parent, LinkOption.NOFOLLOW_LINKS).getName().equals(me)
                && !perms.contains(PosixFilePermission.GROUP_WRITE) && !perms.contains(PosixFilePermission.OTHERS_WRITE);
    }

    /** @return whether the home was an orphan and is now gone */
    private static boolean sweepOne(Path home, Consumer<String> progress) {
        try {
            if (OWNED.containsKey(home) || !Files.isDirectory(home, LinkOption.NOFOLLOW_LINKS)
                    || !isOrphan(owner(home), Files.getLastModifiedTime(home, LinkOption.NOFOLLOW_LINKS).toInstant(),
                    Instant.now())) {
                return false;
            }
            LocalElasticsearch node = LocalElasticsearch.builder().home(home).progress(progress).build();
            boolean stopped = node.stop();
            // a node still starting when its benchmark died has no pid file yet
            int killed = node.killStrays();
            progress.accept("Swept a benchmark node left behind by a benchmark that did not stop it: " + home
                    + (stopped || killed > 0 ? " (its node stopped)" : " (no node was running)"));
            PathUtils.deleteDirectory(home, StandardDeleteOption.OVERRIDE_READ_ONLY); // does not follow links
            return true;
        } catch (NoSuchFileException e) {
            return false; // its benchmark (or another sweep) removed it meanwhile
        } catch (IOException | RuntimeException e) {
            if (Files.exists(home, LinkOption.NOFOLLOW_LINKS)) {
                progress.accept("could not sweep " + home + ": " + e);
            }
            return false;
        }
    }
}
