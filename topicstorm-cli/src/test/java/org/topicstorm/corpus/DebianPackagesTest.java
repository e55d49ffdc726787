package org.topicstorm.corpus;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DebianPackagesTest {

    @Test
    void aMissingToolIsAClearError() {
        IOException e = assertThrows(IOException.class,
                () -> DebianPackages.requireTool("no-such-tool-topicstorm"));
        assertTrue(e.getMessage().startsWith("no-such-tool-topicstorm not found on the PATH"), e.getMessage());
        assertTrue(e.getMessage().contains("apt-get and dpkg-deb") && e.getMessage().contains("corpus register"),
                e.getMessage());
    }
}
