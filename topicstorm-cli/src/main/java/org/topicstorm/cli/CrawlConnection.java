package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.LocalElasticsearch;
import org.topicstorm.topology.CrawlConf;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** How the commands that read an existing crawl (stats, rank, judge, keywords, vectors) reach its Elasticsearch. */
final class CrawlConnection {

    private CrawlConnection() {
    }

    /** The options that say where the crawl's Elasticsearch is (a picocli mixin of stats, rank and judge). */
    static final class Options {

        @Option(names = "--es-url", paramLabel = "URL",
                description = "Elasticsearch holding the crawl (default: the configured one, or the local node).")
        String esUrl;

        @Option(names = "--conf", paramLabel = "FILE",
                description = "Configuration file (for a remote Elasticsearch).")
        Path confFile;

        /** {@link CrawlConnection#settings(Path, String)} of these options. */
        EsSettings settings() throws IOException {
            return CrawlConnection.settings(confFile, esUrl);
        }
    }

    /**
     * The connection settings of the given configuration file (null: defaults): its es.addresses, or else the local
     * node, which must be running (these commands never start one: there would be no crawl in it).
     */
    static EsSettings settings(Path confFile) throws IOException {
        return settings(confFile, null);
    }

    /** As {@link #settings(Path)}, with {@code esUrl} (when not null) in place of the file's es.addresses. */
    static EsSettings settings(Path confFile, String esUrl) throws IOException {
        Map<String, Object> conf = CrawlConf.load(confFile);
        if (esUrl != null) {
            conf.put(EsSettings.ADDRESSES, List.of(esUrl));
        }
        EsSettings settings = EsSettings.fromConf(conf);
        if (!settings.useLocalNode()) {
            return settings;
        }
        LocalElasticsearch local = LocalElasticsearch.builder().build();
        if (!local.status().running()) {
            throw new IllegalStateException("the local Elasticsearch node is not running: start it with "
                    + "`topicstorm es start`, or configure es.addresses in a --conf file");
        }
        return settings.withAddresses(List.of(local.status().url()));
    }

    /** Fails with a message naming the crawl when its index does not exist. */
    static void requireIndex(ElasticsearchClient client, String crawl, String index) throws IOException {
        if (!client.indices().exists(e -> e.index(index)).value()) {
            throw new IllegalStateException("no crawl named '" + crawl + "' (index " + index + " does not exist)");
        }
    }
}
