/*
 * The smallest complete pokerarena process bot, in C99 with only libc: it checks or calls.
 * It speaks the JSON-lines protocol of docs/bot-protocol.md on stdin/stdout, and is the
 * speed reference for process bots.
 *
 * Build:  cc -std=c99 -O2 -o process_call_bot bots/examples/process_call_bot.c
 * Run:    pokerarena run --bots 'c=proc:./process_call_bot,tag' --deals 20000
 *
 * How it stays fast: it reads stdin in large chunks, answers every complete line it has,
 * keeps the answers in one buffer and writes them with one write() when the chunk is used
 * up. It does not parse JSON: it finds the message's "type" (the host writes it first, so
 * that is checked first, then searched for), answers hello and decide, and ignores
 * everything else (create, new_match, destroy: a call bot keeps no state). For a decide it
 * copies the digits of "id" into the answer (found first right after the type, where the
 * host writes it, else anywhere in the line). A real bot would parse the view here.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#define IN_CAP (4u << 20)  /* a line is at most 1 MiB; larger ones are skipped */
#define OUT_CAP (1u << 20) /* answers are flushed when this is nearly full */
#define ANSWER_MAX 96      /* the longest answer: {"id":<20 digits>,"action":"call"}\n */

static char in_buf[IN_CAP];
static char out_buf[OUT_CAP];
static size_t out_len;

static int flush_out(void) {
    size_t done = 0;
    while (done < out_len) {
        ssize_t n = write(1, out_buf + done, out_len - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        done += (size_t)n;
    }
    out_len = 0;
    return 0;
}

static void put(const char* s, size_t n) {
    memcpy(out_buf + out_len, s, n);
    out_len += n;
}

/* Finds "key" (with its quotes) in [p, end), then the colon and any spaces after it;
 * returns the first character of the value, or NULL. */
static const char* find_value(const char* p, const char* end, const char* key, size_t key_len) {
    while (p + key_len < end) {
        const char* q = memchr(p, '"', (size_t)(end - p));
        if (q == NULL || (size_t)(end - q) <= key_len) return NULL;
        if (memcmp(q, key, key_len) == 0) {
            const char* v = q + key_len;
            while (v < end && (*v == ' ' || *v == '\t'))
                ++v;
            if (v < end && *v == ':') {
                ++v;
                while (v < end && (*v == ' ' || *v == '\t'))
                    ++v;
                return v;
            }
        }
        p = q + 1;
    }
    return NULL;
}

#define LIT(s) s, sizeof(s) - 1

static int starts_with(const char* p, const char* end, const char* s, size_t n) {
    return (size_t)(end - p) >= n && memcmp(p, s, n) == 0;
}

static void answer_decide(const char* line, const char* end, const char* after_type) {
    /* The host writes {"type":"decide","id":N,...: try that place first. */
    const char* v = starts_with(after_type, end, LIT(",\"id\":"))
                        ? after_type + 6
                        : find_value(line, end, LIT("\"id\""));
    if (v == NULL) return; /* no id: nothing can be answered */
    const char* d = v;
    if (d < end && *d == '-') ++d;
    while (d < end && *d >= '0' && *d <= '9')
        ++d;
    size_t n = (size_t)(d - v);
    if (n == 0 || n > 21) return;
    put(LIT("{\"id\":"));
    put(v, n);
    put(LIT(",\"action\":\"call\"}\n"));
}

static void handle_line(const char* line, const char* end) {
    const char* t;
    if (starts_with(line, end, LIT("{\"type\":\"")))
        t = line + 9; /* where the host writes it */
    else if ((t = find_value(line, end, LIT("\"type\""))) == NULL || t >= end || *t++ != '"')
        return;
    if (starts_with(t, end, LIT("decide\""))) {
        answer_decide(line, end, t + 7);
    } else if (starts_with(t, end, LIT("hello\""))) {
        put(
            LIT("{\"type\":\"hello\",\"protocol\":1,\"name\":\"c-call\",\"view\":\"legal\","
                "\"events\":false}\n"));
    }
    /* create, new_match, destroy, event and unknown types: nothing to do. */
}

int main(void) {
    size_t have = 0;  /* bytes of an incomplete line kept at the start of in_buf */
    int skipping = 0; /* inside an overlong line: drop bytes up to its newline */
    for (;;) {
        ssize_t n = read(0, in_buf + have, IN_CAP - have);
        if (n < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        if (n == 0) break;
        const char* p = in_buf;
        const char* end = in_buf + have + (size_t)n;
        if (skipping) {
            const char* nl = memchr(p, '\n', (size_t)(end - p));
            if (nl == NULL) {
                have = 0;
                continue;
            }
            p = nl + 1;
            skipping = 0;
        }
        for (;;) {
            const char* nl = memchr(p, '\n', (size_t)(end - p));
            if (nl == NULL) break;
            handle_line(p, nl);
            p = nl + 1;
            if (out_len > OUT_CAP - ANSWER_MAX && flush_out() != 0) return 1;
        }
        have = (size_t)(end - p);
        if (have == IN_CAP) { /* no newline in the whole buffer: not a protocol line */
            have = 0;
            skipping = 1;
        } else if (have > 0 && p != in_buf) {
            memmove(in_buf, p, have);
        }
        if (out_len > 0 && flush_out() != 0) return 1;
    }
    return flush_out() != 0;
}
