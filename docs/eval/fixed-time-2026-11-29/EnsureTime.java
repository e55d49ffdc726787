// Times CrawlIndices.ensure and delete on the local node, N times in one JVM: javac -cp "topicstorm-cli/target/lib/*" EnsureTime.java; java -cp "topicstorm-cli/target/lib/*:." EnsureTime 4
import org.topicstorm.es.*;
import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.util.*;
public class EnsureTime {
  public static void main(String[] a) throws Exception {
    Map<String,Object> conf = new HashMap<>();
    conf.put("es.addresses", "http://127.0.0.1:9200");
    try (ElasticsearchClient es = EsClients.create(EsSettings.fromConf(conf))) {
      for (int i = 0; i < Integer.parseInt(a[0]); i++) {
        CrawlIndices ix = new CrawlIndices("enstime-" + i + "-" + System.nanoTime());
        long t = System.nanoTime();
        ix.ensure(es, 1, 0);
        long t2 = System.nanoTime();
        ix.delete(es);
        long t3 = System.nanoTime();
        System.out.printf("ensure %d ms, delete %d ms%n", (t2-t)/1000000, (t3-t2)/1000000);
      }
    }
  }
}
