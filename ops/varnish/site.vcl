vcl 4.1;

# Varnish in front of one or more instances of the site (docs/varnish.md). It keeps what the
# site's own headers allow a shared cache to keep (Cache-Control s-maxage and
# stale-while-revalidate, Vary), and passes everything personal. Tested against two built
# instances by tests/e2e/varnish.spec.ts.

import directors;
import std;

# ---- Origins: one backend per instance, all in the round-robin director. Edit this part. ----
# The purge ACL lists who may send BAN: the origins (they ban on every content change) and
# this machine.
probe site_ready {
    # 503 while an instance cannot write its database, its CMS circuit is open or it is stopping.
    .url = "/readyz";
    .expected_response = 200;
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

backend origin1 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = site_ready;
    .connect_timeout = 1s;
    .first_byte_timeout = 20s;
}

backend origin2 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = site_ready;
    .connect_timeout = 1s;
    .first_byte_timeout = 20s;
}

acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new origins = directors.round_robin();
    origins.add_backend(origin1);
    origins.add_backend(origin2);
}
# ---- End of the origins. ----

sub vcl_recv {
    set req.backend_hint = origins.backend();
    # Only this VCL restarts a request (vcl_hit): then a copy past the site's own
    # stale-while-revalidate is not good enough, the origins are up.
    if (req.restarts > 0) {
        set req.grace = 0s;
    }

    # The site's purge: every instance sends BAN / when its content changed (CACHE_BAN_URLS).
    # It empties everything, as the site's own purge does.
    # Only on the listener named "purge" (varnishd -a purge=ADDRESS): behind a TLS terminator on
    # this machine every visitor's client.ip is 127.0.0.1, so the ACL alone would let anyone ban.
    if (req.method == "BAN") {
        if (local.socket != "purge" || client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        ban("obj.status != 0");
        return (synth(200, "Banned"));
    }

    # Form posts (the contact form), server functions and API calls: the origin's alone.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Never kept: the editors' admin, APIs (purge, preview), server functions, GraphQL,
    # probes and metrics.
    if (req.url ~ "^/(admin|api|_serverFn|graphql|healthz|readyz|metrics)([/?]|$)") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # Signed in (the auth cookie, any spelling, as the site reads it) or an editor in preview:
    # pages of their own, `private, no-store` at the origin. Passed, so never looked up either.
    if (req.http.Cookie ~ "(?i)auth_token" || req.http.Cookie ~ "(?i)(^|;)\s*preview\s*=") {
        return (pass);
    }

    # `/` sends a visitor to their language (the `lang` cookie, then Accept-Language) and
    # varies on both: reduced to the one language the site picks, so each language is one
    # copy. The origin gets the reduced header, so what is kept is what it answered to it.
    if (req.url ~ "^/(\?|$)") {
        call site_language;
    }
    # Every other cookie (the consent choice, the language choice, analytics) changes nothing
    # in a page: the consent choice is applied in the browser. Without them every anonymous
    # visitor shares one copy (the pages also say Vary: Cookie).
    unset req.http.Cookie;
    return (hash);
}

# The site's choice for `/` (app/i18n/negotiate.ts): a valid `lang` cookie (the first one),
# else the first of the browser's languages whose full tag is a site language's (nl-NL, en-US,
# de-DE, fr-FR, da-DK), else the first whose language part is one, else nl. Browsers list their
# languages best first; one that does not may get another of its languages than the origin
# alone would pick it.
sub site_language {
    unset req.http.X-Site-Language;
    if (req.http.Cookie ~ "(^|;)\s*lang\s*=") {
        set req.http.X-Site-Language = regsub(req.http.Cookie, "^(?:.*?;)??\s*lang\s*=\s*([^;]*?)\s*(?:;.*)?$", "\1");
    }
    if (req.http.X-Site-Language !~ "^(nl|en|de|fr|da)$") {
        # Lower case, no spaces, `_` as `-`, and no languages the browser refuses (q=0).
        set req.http.X-Site-Language = regsuball(std.tolower(req.http.Accept-Language), "[ \t]", "");
        set req.http.X-Site-Language = regsuball(req.http.X-Site-Language, "_", "-");
        set req.http.X-Site-Language = regsuball(req.http.X-Site-Language, "(^|,)[^,]*;q=0(\.0*)?(?=,|$)", "");
        if (req.http.X-Site-Language ~ "(^|,)(nl-nl|en-us|de-de|fr-fr|da-dk)(;|,|$)") {
            set req.http.X-Site-Language = regsub(req.http.X-Site-Language, "^.*?(?:^|,)(nl-nl|en-us|de-de|fr-fr|da-dk)(?:[;,].*)?$", "\1");
            set req.http.X-Site-Language = regsub(req.http.X-Site-Language, "-.*$", "");
        } else if (req.http.X-Site-Language ~ "(^|,)(nl|en|de|fr|da)(-[^,;]*)?(;|,|$)") {
            set req.http.X-Site-Language = regsub(req.http.X-Site-Language, "^.*?(?:^|,)(nl|en|de|fr|da)(?:-[^,;]*)?(?:[;,].*)?$", "\1");
        } else {
            set req.http.X-Site-Language = "nl";
        }
    }
    set req.http.Accept-Language = req.http.X-Site-Language;
    unset req.http.X-Site-Language;
}

sub vcl_hit {
    # A copy past the site's stale-while-revalidate is for outages only (grace, below): while
    # an origin is up, fetch a fresh one instead.
    if (obj.ttl <= 0s && req.restarts == 0 && std.healthy(req.backend_hint) &&
        obj.ttl + std.duration(regsub(obj.http.Cache-Control, "^(?:.*[ ,])?stale-while-revalidate=([0-9]+).*$|^.*$", "\1s"), 0s) <= 0s) {
        return (restart);
    }
    if (obj.ttl <= 0s) {
        set req.http.X-Cache = "STALE";
    } else {
        set req.http.X-Cache = "HIT";
    }
}

sub vcl_miss {
    set req.http.X-Cache = "MISS";
}

sub vcl_pass {
    set req.http.X-Cache = "PASS";
}

sub vcl_backend_fetch {
    # Varnish's own note for vcl_deliver, not the origin's business.
    unset bereq.http.X-Cache;
}

sub vcl_backend_response {
    # A refresh in the background that failed keeps the stale copy.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Kept: what the site says a shared cache may keep (s-maxage or max-age above 0; not
    # private, no-store or no-cache; no Set-Cookie). Kept a day past its freshness for outages:
    # vcl_hit serves a copy past the site's stale-while-revalidate only while no origin is ready.
    # Also when it came stale (the origin sent its own stale copy, Age past s-maxage): it is
    # then served as stale while a fresh one is fetched, as the site's own cache does.
    if (beresp.http.Cache-Control ~ "(?i)(^|[ ,])(s-maxage|max-age)=[1-9]" &&
        beresp.http.Cache-Control !~ "(?i)(private|no-store|no-cache)" &&
        !beresp.http.Set-Cookie && beresp.http.Vary != "*") {
        set beresp.grace = 24h;
        return (deliver);
    }
    # Anything else (no Cache-Control, a 404, a refusal): asked of the origin each time, for a
    # short while (hit-for-miss), rather than kept for Varnish's default two minutes.
    set beresp.ttl = 10s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
}

sub vcl_backend_error {
    # No origin answered. A refresh in the background keeps the stale copy.
    if (bereq.is_bgfetch) {
        return (abandon);
    }
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "30";
    set beresp.http.Content-Security-Policy = "default-src 'none'; style-src 'unsafe-inline'";
    set beresp.http.X-Content-Type-Options = "nosniff";
    set beresp.ttl = 0s;
    set beresp.body = {"<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Even niet bereikbaar / Temporarily unavailable</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#222}</style></head>
<body>
<h1>Even niet bereikbaar</h1>
<p>De website is even niet bereikbaar. Probeer het over een minuut opnieuw; wat u verstuurde is niet ontvangen.</p>
<h1 lang="en">Temporarily unavailable</h1>
<p lang="en">The website cannot be reached right now. Please try again in a minute; what you sent was not received.</p>
</body>
</html>
"};
    return (deliver);
}

sub vcl_deliver {
    # Where the answer came from: HIT, STALE (served stale), MISS or PASS.
    set resp.http.X-Cache = req.http.X-Cache;
}

sub vcl_synth {
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    set resp.body = resp.reason + {"
"};
    return (deliver);
}
