// Java 17 java.net.http against `replica-mock serve --https`: credentials, a record, a query.
// Run: java -Djavax.net.ssl.trustStore=<ca.p12> -Djavax.net.ssl.trustStoreType=PKCS12 \
//   -Djavax.net.ssl.trustStorePassword=changeit ReplicaRecords.java https://127.0.0.1:4010
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

public class ReplicaRecords {
  // the default SSLContext trusts what -Djavax.net.ssl.trustStore names
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static String call(String method, String url, String token, String body) throws Exception {
    var request = HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json")
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .build();
    var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 300) throw new IllegalStateException(method + " " + response.statusCode());
    return response.body();
  }

  /** A string field of a flat JSON answer (enough for this sample; use a JSON library in an app). */
  static String field(String json, String name) {
    var matcher = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
    if (!matcher.find()) throw new IllegalStateException("no " + name);
    return matcher.group(1);
  }

  public static void main(String[] args) throws Exception {
    var base = args.length > 0 ? args[0] : "https://127.0.0.1:4010";
    var apiKey = System.getenv().getOrDefault("REPLICA_API_KEY", "test-api-key");
    var environmentId = field(call("POST", base + "/v1/environments", apiKey, "{\"apps\":[\"crm\"]}"), "id");
    var credentials = call("POST", base + "/v1/environments/" + environmentId + "/apps/crm/credentials", apiKey, "{}");
    // the token is a secret: use it, never print it
    var appUrl = field(credentials, "url");
    var token = field(credentials, "token");

    var data = appUrl + "/services/data/v60.0";
    var id = field(call("POST", data + "/sobjects/Account", token, "{\"Name\":\"Acme over TLS\"}"), "id");
    var name = field(call("GET", data + "/sobjects/Account/" + id, token, null), "Name");
    var soql = URLEncoder.encode("SELECT Id FROM Account WHERE Name = 'Acme over TLS'", StandardCharsets.UTF_8);
    var result = call("GET", data + "/query?q=" + soql, token, null);

    System.out.println("{\"environment\":\"" + environmentId + "\",\"https\":" + appUrl.startsWith("https://")
        + ",\"record\":\"" + name + "\",\"queried\":" + result.contains("\"Id\":\"" + id + "\"") + "}");
  }
}
