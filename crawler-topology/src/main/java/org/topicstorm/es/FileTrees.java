package org.topicstorm.es;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;

/** Recursive delete and size of a directory tree (symbolic links are not followed). */
final class FileTrees {

    private FileTrees() {
    }

    /** Deletes {@code root} and everything under it; does nothing if it does not exist. */
    static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                if (exc != null) {
                    throw exc;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Total size in bytes of the regular files under {@code root}; 0 if it does not exist. */
    static long size(Path root) {
        AtomicLong total = new AtomicLong();
        if (!Files.isDirectory(root)) {
            return 0;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    total.addAndGet(attrs.size());
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    // Files come and go while the node runs (segment merges): skip what vanished or is unreadable.
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return total.get();
        }
        return total.get();
    }
}
