package org.topicstorm.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.nodes.Stats;

import java.io.IOException;
import java.util.Locale;

/**
 * Where Elasticsearch spent its time, from the nodes' index statistics: milliseconds spent indexing, in (m)get,
 * merging, refreshing and searching. Thread time summed over threads, not CPU time, but it tells which part of a
 * write workload to make cheaper.
 */
record EsWork(long indexMs, long getMs, long mergeMs, long refreshMs, long searchMs) {

    static EsWork of(ElasticsearchClient es) throws IOException {
        long index = 0;
        long get = 0;
        long merge = 0;
        long refresh = 0;
        long search = 0;
        for (Stats n : es.nodes().stats(s -> s.metric("indices")).nodes().values()) {
            var i = n.indices();
            index += i.indexing().indexTimeInMillis();
            get += i.get().timeInMillis();
            merge += i.merges().totalTimeInMillis();
            refresh += i.refresh().totalTimeInMillis();
            search += i.search().queryTimeInMillis() + i.search().fetchTimeInMillis();
        }
        return new EsWork(index, get, merge, refresh, search);
    }

    EsWork minus(EsWork before) {
        return new EsWork(indexMs - before.indexMs, getMs - before.getMs, mergeMs - before.mergeMs,
                refreshMs - before.refreshMs, searchMs - before.searchMs);
    }

    /** The times per {@code per} units of work (updates, say). */
    String per(long units, int per) {
        double f = per / (double) units;
        return String.format(Locale.ROOT, "index %.0f, get %.0f, merge %.0f, refresh %.0f, search %.0f ms",
                indexMs * f, getMs * f, mergeMs * f, refreshMs * f, searchMs * f);
    }
}
