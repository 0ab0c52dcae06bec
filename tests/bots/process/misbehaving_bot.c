/*
 * A process bot that misbehaves on purpose, for the tests of process bots (one mode per run,
 * the first argument). It speaks docs/bot-protocol.md well enough to get where it misbehaves:
 *
 *   good             answers every decision with call, in order
 *   reverse          answers each batch it reads in reverse order (out of order)
 *   paced MS         answers every decision with call, in order, one every MS milliseconds,
 *                    each written as it is ready: a slow bot working through a deep queue
 *   raise            answers raise to min_to + 1 when it may raise (legal or not), else call
 *   crash N          crashes (SIGSEGV) at its Nth decision
 *   exit N           exits with status 3 at its Nth decision
 *   hang N           stops answering (but keeps running) from its Nth decision on
 *   garbage N        writes a line of binary garbage at its Nth decision
 *   huge N           writes a 3 MiB line at its Nth decision
 *   unknown_id N     answers its Nth decision with an id that was never asked, then correctly
 *   repeat_id N      answers its Nth decision twice
 *   bad_action N     answers its Nth decision with "action":"bet"
 *   error N          answers its Nth decision with "error":"no idea"
 *   close_stdout N   closes its standard output at its Nth decision and keeps running
 *   flood N          writes 40 MiB to standard error at its Nth decision, then answers
 *   fork_exit N      at its Nth decision starts a child that keeps the pipes open, and exits
 *   refuse           refuses in its hello
 *   no_hello         exits without a hello, after writing to standard error
 *   bad_protocol     says protocol 99 in its hello
 *   silent           never says hello (reads and ignores everything)
 *   events           asks for events and answers each decision with the number of events it
 *                    saw for that instance since its last decision, as "error":"events=K"
 *   probs            offers action probabilities and answers each request with 1 for the
 *                    check or call candidate and 0 for the others (what it decides: call)
 *   probs_count      offers them and answers each request with one number too few
 *   probs_action     offers them and answers each request with an action
 *   strategy         answers every decision with call and reports the strategy
 *                    [{"action":"call","p":1}] beside it
 *   strategy_sum     answers call, reporting [{"action":"call","p":0.5}] (sums to 0.5)
 *   strategy_bad N   answers call with a strategy that reports its Nth decision's without
 *                    "p", and the others' as the strategy mode does
 *   setsid_child     starts a child that leaves its process group (setsid()), ignores SIGTERM
 *                    and SIGHUP and runs until killed; answers every decision with call
 *   ignore_eof       ignores SIGTERM, SIGHUP and SIGINT and keeps running after the end of its
 *                    input (until killed); answers every decision with call
 *
 * With MISBEHAVE_PID_FILE set, the bot writes a process id and a newline to that file (or
 * FIFO) at its first decision: its setsid_child's, else its own. A test reads it to check
 * that the process is gone after the host. With MISBEHAVE_HOLD_FILE set too, the bot then
 * reads that file (a FIFO) to its end before it answers: a test holds the run at the bot's
 * first decision until it opens the FIFO and closes it.
 *
 * N counts decisions over the whole process, from 1; the restarted process counts anew
 * unless the environment variable MISBEHAVE_ONCE_FILE names a file: then a process that finds
 * the file behaves (mode good), and the first one to misbehave creates it.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char out[1 << 20];
static size_t out_len;

static void flush_out(void) {
    size_t done = 0;
    while (done < out_len) {
        ssize_t n = write(1, out + done, out_len - done);
        if (n <= 0) exit(0);
        done += (size_t)n;
    }
    out_len = 0;
}

static void put(const char* text) {
    size_t n = strlen(text);
    if (out_len + n > sizeof out) flush_out();
    memcpy(out + out_len, text, n);
    out_len += n;
}

static long long number_after(const char* line, const char* key) {
    const char* p = strstr(line, key);
    return p ? atoll(p + strlen(key)) : -1;
}

static void answer_call(long long id) {
    char text[64];
    snprintf(text, sizeof text, "{\"id\":%lld,\"action\":\"call\"}\n", id);
    put(text);
}

/* Answers a probabilities request as the probs modes do. */
static void answer_probabilities(const char* mode, const char* line) {
    char text[256];
    long long id = number_after(line, "\"id\":");
    if (!strcmp(mode, "probs_action")) {
        answer_call(id);
        return;
    }
    int n = snprintf(text, sizeof text, "{\"id\":%lld,\"probabilities\":[", id);
    int count = 0;
    for (const char* p = strstr(line, "\"candidates\":"); p && (p = strstr(p, "{\"action\":\""));
         ++count) {
        p += strlen("{\"action\":\"");
        if (!strcmp(mode, "probs_count") && count == 0) continue; /* one too few */
        const int pays = !strncmp(p, "check", 5) || !strncmp(p, "call", 4);
        n += snprintf(text + n, sizeof text - (size_t)n, "%s%s", text[n - 1] == '[' ? "" : ",",
                      pays ? "1" : "0.0");
    }
    snprintf(text + n, sizeof text - (size_t)n, "]}\n");
    put(text);
}

#define MAX_INSTANCES 4096
static long long events_seen[MAX_INSTANCES];

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "good";
    const long long when = argc > 2 ? atoll(argv[2]) : 1;
    const char* once = getenv("MISBEHAVE_ONCE_FILE");
    if (once && access(once, F_OK) == 0) mode = "good";
    if (!strcmp(mode, "no_hello")) {
        fprintf(stderr, "misbehaving_bot: cannot load model weights\n");
        return 4;
    }
    const char* pid_file = getenv("MISBEHAVE_PID_FILE");
    pid_t announced = getpid();
    if (!strcmp(mode, "setsid_child") || !strcmp(mode, "ignore_eof")) {
        signal(SIGTERM, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGINT, SIG_IGN);
    }
    if (!strcmp(mode, "setsid_child")) {
        const pid_t child = fork();
        if (child == 0) {
            setsid();
            /* Out of the way of the bot's pipes, as a daemon would be. */
            close(0);
            close(1);
            close(2);
            for (;;)
                pause();
        }
        announced = child;
    }
    static char in[1 << 22];
    size_t in_len = 0;
    long long decisions = 0;
    int hung = 0;
    /* The decisions of one read, kept to answer them in reverse. */
    static long long batch[65536];
    size_t batch_len = 0;
    for (;;) {
        ssize_t n = read(0, in + in_len, sizeof in - in_len);
        if (n <= 0 && !strcmp(mode, "ignore_eof")) {
            for (;;)
                pause();
        }
        if (n <= 0) break;
        in_len += (size_t)n;
        size_t start = 0;
        for (;;) {
            char* nl = memchr(in + start, '\n', in_len - start);
            if (!nl) break;
            *nl = '\0';
            const char* line = in + start;
            start = (size_t)(nl - in) + 1;
            if (strstr(line, "\"type\":\"hello\"")) {
                if (!strcmp(mode, "silent")) continue;
                if (!strcmp(mode, "refuse"))
                    put("{\"type\":\"refuse\",\"reason\":\"this bot plays only fixed-limit\"}\n");
                else if (!strcmp(mode, "bad_protocol"))
                    put("{\"type\":\"hello\",\"protocol\":99,\"name\":\"misbehaving\"}\n");
                else if (!strncmp(mode, "probs", 5))
                    put("{\"type\":\"hello\",\"protocol\":1,\"name\":\"misbehaving\","
                        "\"probabilities\":true}\n");
                else if (!strcmp(mode, "events"))
                    put("{\"type\":\"hello\",\"protocol\":1,\"name\":\"misbehaving\",\"view\":"
                        "\"legal\",\"events\":true}\n");
                else
                    put("{\"type\":\"hello\",\"protocol\":1,\"name\":\"misbehaving\"}\n");
                continue;
            }
            if (strstr(line, "\"type\":\"event\"")) {
                long long instance = number_after(line, "\"instance\":");
                if (instance >= 0 && instance < MAX_INSTANCES) ++events_seen[instance];
                continue;
            }
            if (strstr(line, "\"type\":\"probabilities\"")) {
                answer_probabilities(mode, line);
                continue;
            }
            if (!strstr(line, "\"type\":\"decide\"")) continue;
            long long id = number_after(line, "\"id\":");
            ++decisions;
            if (decisions == 1 && pid_file) {
                char text[32];
                const int length = snprintf(text, sizeof text, "%lld\n", (long long)announced);
                const int fd = open(pid_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
                if (fd < 0 || write(fd, text, (size_t)length) != length) return 5;
                close(fd);
                const char* hold = getenv("MISBEHAVE_HOLD_FILE");
                const int hold_fd = hold ? open(hold, O_RDONLY) : -1;
                if (hold && hold_fd < 0) return 5;
                char ignored[64];
                while (hold_fd >= 0 && read(hold_fd, ignored, sizeof ignored) > 0) {
                }
                if (hold_fd >= 0) close(hold_fd);
            }
            const int now = decisions == when;
            const int misbehave_now = now && strcmp(mode, "good") && strcmp(mode, "reverse");
            if (misbehave_now && once) close(open(once, O_CREAT | O_WRONLY, 0644));
            if (hung || (!strcmp(mode, "hang") && decisions >= when)) {
                hung = 1;
                continue;
            }
            if (!strcmp(mode, "reverse")) {
                batch[batch_len++] = id;
                continue;
            }
            if (!strcmp(mode, "paced")) {
                const struct timespec pause = {when / 1000, (when % 1000) * 1000000L};
                nanosleep(&pause, NULL);
                answer_call(id);
                flush_out();
                continue;
            }
            if (now && !strcmp(mode, "crash")) {
                flush_out();
                raise(SIGSEGV);
            }
            if (now && !strcmp(mode, "exit")) {
                flush_out();
                exit(3);
            }
            if (now && !strcmp(mode, "garbage")) {
                put("\x01\x02\xff garbage {{{\n");
                continue;
            }
            if (now && !strcmp(mode, "huge")) {
                flush_out();
                static char big[3 << 20];
                memset(big, 'x', sizeof big);
                if (write(1, big, sizeof big) < 0) exit(0);
                put("\n");
                continue;
            }
            if (now && !strcmp(mode, "unknown_id")) {
                char text[80];
                snprintf(text, sizeof text, "{\"id\":%lld,\"action\":\"call\"}\n", id + 777777);
                put(text);
            }
            if (now && !strcmp(mode, "repeat_id")) answer_call(id);
            if (now && !strcmp(mode, "bad_action")) {
                char text[80];
                snprintf(text, sizeof text, "{\"id\":%lld,\"action\":\"bet\"}\n", id);
                put(text);
                continue;
            }
            if (now && !strcmp(mode, "error")) {
                char text[80];
                snprintf(text, sizeof text, "{\"id\":%lld,\"error\":\"no idea\"}\n", id);
                put(text);
                continue;
            }
            if (now && !strcmp(mode, "close_stdout")) {
                flush_out();
                close(1);
                for (;;)
                    pause();
            }
            if (now && !strcmp(mode, "flood")) {
                static char noise[1 << 16];
                memset(noise, 'e', sizeof noise);
                for (int k = 0; k < 640; ++k)
                    if (write(2, noise, sizeof noise) < 0) break;
            }
            if (now && !strcmp(mode, "fork_exit")) {
                flush_out();
                if (fork() == 0) {
                    for (;;)
                        pause();
                }
                exit(0);
            }
            if (!strcmp(mode, "raise") && strstr(line, "\"raise\":true")) {
                char text[96];
                snprintf(text, sizeof text, "{\"id\":%lld,\"action\":\"raise\",\"to\":%lld}\n", id,
                         number_after(line, "\"min_to\":") + 1);
                put(text);
                continue;
            }
            if (!strcmp(mode, "events")) {
                long long instance = number_after(line, "\"instance\":");
                char text[96];
                snprintf(text, sizeof text, "{\"id\":%lld,\"error\":\"events=%lld\"}\n", id,
                         instance >= 0 && instance < MAX_INSTANCES ? events_seen[instance] : -1);
                if (instance >= 0 && instance < MAX_INSTANCES) events_seen[instance] = 0;
                put(text);
                continue;
            }
            if (!strncmp(mode, "strategy", 8)) {
                const char* part = !strcmp(mode, "strategy_sum")          ? "\"p\":0.5"
                                   : now && !strcmp(mode, "strategy_bad") ? "\"q\":1"
                                                                          : "\"p\":1";
                char text[128];
                snprintf(
                    text, sizeof text,
                    "{\"id\":%lld,\"action\":\"call\",\"strategy\":[{\"action\":\"call\",%s}]}\n",
                    id, part);
                put(text);
                continue;
            }
            answer_call(id);
        }
        memmove(in, in + start, in_len - start);
        in_len -= start;
        while (batch_len > 0)
            answer_call(batch[--batch_len]);
        flush_out();
    }
    flush_out();
    return 0;
}
