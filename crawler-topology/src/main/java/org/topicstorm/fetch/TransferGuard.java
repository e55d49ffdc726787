package org.topicstorm.fetch;

import okhttp3.Interceptor;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Okio;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * An OkHttp network interceptor that watches each response body's transfer rate ({@link TransferRate}) and breaks
 * off a transfer that is too slow by throwing {@link FetchCutOff} from the body's reads. It measures the bytes on
 * the wire (before any gzip decoding), from the moment the response headers arrived. The whole-fetch time limit is
 * OkHttp's call timeout, set next to it.
 */
final class TransferGuard implements Interceptor {

    private final long minBytesPerSec;
    private final long windowMs;
    private final LongSupplier clock;

    TransferGuard(long minBytesPerSec, long windowMs, LongSupplier clock) {
        this.minBytesPerSec = minBytesPerSec;
        this.windowMs = windowMs;
        this.clock = clock;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        ResponseBody body = response.body();
        if (body == null || minBytesPerSec <= 0) {
            return response;
        }
        TransferRate rate = new TransferRate(minBytesPerSec, windowMs, clock.getAsLong());
        ForwardingSource guarded = new ForwardingSource(body.source()) {
            @Override
            public long read(Buffer sink, long byteCount) throws IOException {
                long n = super.read(sink, byteCount);
                if (n > 0) {
                    String cause = rate.received(n, clock.getAsLong());
                    if (cause != null) {
                        throw new FetchCutOff(cause);
                    }
                }
                return n;
            }
        };
        ResponseBody watched = ResponseBody.create(Okio.buffer(guarded), body.contentType(), body.contentLength());
        return response.newBuilder().body(watched).build();
    }
}
