package org.topicstorm.es;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;

/** The size of a directory tree while files come and go (commons-io's sizeOf fails on a file that vanished). */
final class FileTrees {

    private FileTrees() {
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
