package org.topicstorm.es;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EsDistributionTest {

    @TempDir
    Path tmp;

    @Test
    void zipIsAtTheMavenLayoutPathOfTheArtifact() {
        assertEquals(Path.of("/repo/org/elasticsearch/distribution/integ-test-zip/elasticsearch/8.19.21/"
                + "elasticsearch-8.19.21.zip"), EsDistribution.zipIn(Path.of("/repo")));
    }

    @Test
    void unzipMakesTheLaunchScriptsExecutableAndNothingElse() throws IOException {
        Path zip = tmp.resolve("d.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            add(out, "es/bin/elasticsearch", "#!/bin/bash");
            add(out, "es/bin/elasticsearch.bat", "rem");
            add(out, "es/lib/server.jar", "jar");
        }
        Path into = tmp.resolve("out");
        EsDistribution.unzip(zip, into);
        assertEquals("#!/bin/bash", Files.readString(into.resolve("es/bin/elasticsearch")));
        assertTrue(Files.isExecutable(into.resolve("es/bin/elasticsearch")));
        assertFalse(Files.isExecutable(into.resolve("es/bin/elasticsearch.bat")));
        assertFalse(Files.isExecutable(into.resolve("es/lib/server.jar")));
    }

    @Test
    void unzipRefusesEntriesThatEscapeTheTarget() throws IOException {
        Path zip = tmp.resolve("evil.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            add(out, "../escaped.txt", "x");
        }
        assertThrows(IOException.class, () -> EsDistribution.unzip(zip, tmp.resolve("out")));
        assertFalse(Files.exists(tmp.resolve("escaped.txt")));
    }

    private static void add(ZipOutputStream out, String name, String content) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        OutputStream body = out;
        body.write(content.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }
}
