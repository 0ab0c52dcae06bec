/* A trivial ACPC client for the tests and the speed figures: it connects to HOST PORT, says
 * VERSION:2.0.0 and answers every state it reads with "c" (check or call), writing the answers
 * to one read's states in one write. It answers every line, so it is for dealers that send a
 * client only the states in which it is to act (pokerarena's bridge with connection=lane).
 *
 *     acpc_test_client [MODE] HOST PORT
 *
 * MODE check is a heads-up client for a dealer that sends every state (the ACPC dealer, the
 * bridge with connection=match): it answers "c" only in the states in which its position is to
 * act, and checks that its hands are numbered 0, 1, ... and never interleave, that each starts
 * with a state without actions, that every later state extends the one before by exactly one
 * action, and that each hand ends with a final state: a fold, or a showdown with both hands
 * shown and the whole board. At the end of its connection it writes
 *     acpc_test_client check: H hands, S states, W showdowns, A answers, E errors
 * to standard error (after the first error, if any) and exits 1 if E > 0. MODE paced-MS answers
 * as call does, MS milliseconds after it has read each batch of states (a slow bot); MODE
 * check-paced-MS is check at that pace.
 *
 * The other MODEs misbehave on purpose: wrong-echo, malformed, illegal (r1), huge (a total of 20
 * digits) and total (r7, a total where a fixed-limit game has a bare r) spoil the answer to the
 * first state (then it calls); answer-twice answers the first state twice; disconnect closes the
 * connection after 5 answers; never-connect waits for its end without connecting; connect-twice
 * opens a second connection after the first; no-version starts without its VERSION line;
 * exit-early exits with status 3 at once; hang reads states and never answers. */
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int connect_to(const char* host, const char* port) {
    struct addrinfo hints, *found = NULL, *a;
    int sock = -1;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, port, &hints, &found) != 0) return -1;
    for (a = found; a; a = a->ai_next) {
        sock = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (sock < 0) continue;
        if (connect(sock, a->ai_addr, a->ai_addrlen) == 0) {
            /* Answers go out as soon as they are written, not held for the last ACK. */
            int one = 1;
            setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            break;
        }
        close(sock);
        sock = -1;
    }
    freeaddrinfo(found);
    return sock;
}

static int write_all(int fd, const char* data, size_t size) {
    while (size > 0) {
        ssize_t n = write(fd, data, size);
        if (n <= 0) return -1;
        data += n;
        size -= (size_t)n;
    }
    return 0;
}

/* ------------------------------------------------------------------ check mode */

struct check {
    long hands, states, showdowns, answers, errors;
    long hand; /* the hand in play, -1 between hands */
    char betting[4096];
    int actions;
};

static void check_error(struct check* c, const char* what, const char* line, size_t len) {
    if (c->errors++ == 0)
        fprintf(stderr, "acpc_test_client check: %s: %.*s\n", what, (int)(len > 200 ? 200 : len),
                line);
}

static int count_actions(const char* b) {
    int n = 0;
    for (; *b; ++b)
        n += *b == 'f' || *b == 'c' || *b == 'r';
    return n;
}

/* Checks one state; 1 when the client is to act in it. Heads-up, position 1 acts first before
 * the flop and position 0 after it, and they alternate within a round. */
static int check_state(struct check* c, const char* line, size_t len) {
    char copy[8192];
    char* field[5];
    int n = 0;
    if (len >= sizeof copy) {
        check_error(c, "a state too long", line, len);
        return 0;
    }
    memcpy(copy, line, len);
    copy[len] = 0;
    for (char* p = copy; n < 5 && p; ++n) {
        field[n] = p;
        p = strchr(p, ':');
        if (p) *p++ = 0;
    }
    if (n < 5 || strcmp(field[0], "MATCHSTATE") != 0) {
        check_error(c, "not a state", line, len);
        return 0;
    }
    const int position = atoi(field[1]);
    const long hand = atol(field[2]);
    const char* betting = field[3];
    const char* cards = field[4];
    const size_t blen = strlen(betting);
    const int actions = count_actions(betting);
    ++c->states;
    if (hand != c->hand) {
        if (c->hand >= 0) check_error(c, "a new hand before the last one's final state", line, len);
        if (hand != c->hands) check_error(c, "hands not numbered 0, 1, ... in order", line, len);
        if (actions != 0) check_error(c, "a hand's first state has actions", line, len);
        c->hand = hand;
        ++c->hands;
    } else if (actions != c->actions + 1 || strncmp(betting, c->betting, strlen(c->betting)) != 0) {
        check_error(c, "a state that does not extend the one before by one action", line, len);
    }
    if (blen >= sizeof c->betting) {
        check_error(c, "a betting string too long", line, len);
        return 0;
    }
    memcpy(c->betting, betting, blen + 1);
    c->actions = actions;
    if (blen > 0 && betting[blen - 1] == 'f') { /* final: a fold */
        c->hand = -1;
        return 0;
    }
    const char* bar = strchr(cards, '|');
    const char* board = bar ? strchr(bar, '/') : NULL;
    const size_t second = !bar ? 0 : board ? (size_t)(board - bar - 1) : strlen(bar + 1);
    if (bar && bar > cards && second > 0) { /* both hands shown: the showdown, final */
        int betting_rounds = 0, board_rounds = 0, board_chars = 0;
        for (const char* q = betting; *q; ++q)
            betting_rounds += *q == '/';
        for (const char* q = board; q && *q; ++q) {
            board_rounds += *q == '/';
            board_chars += *q != '/';
        }
        if (betting_rounds != 3 || board_rounds != 3 || board_chars != 10)
            check_error(c, "a showdown without the whole board", line, len);
        ++c->showdowns;
        c->hand = -1;
        return 0;
    }
    const char* round = strrchr(betting, '/');
    const int in_round = count_actions(round ? round + 1 : betting);
    if (in_round >= 2 && betting[blen - 1] == 'c') {
        check_error(c, "a round closed by a call without the next round's cards", line, len);
        return 0;
    }
    return ((round ? 0 : 1) + in_round) % 2 == position;
}

int main(int argc, char** argv) {
    const char* mode = argc == 4 ? argv[1] : "call";
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: acpc_test_client [MODE] HOST PORT\n");
        return 2;
    }
    const char* host = argv[argc - 2];
    const char* port = argv[argc - 1];
    signal(SIGPIPE, SIG_IGN);
    if (strcmp(mode, "exit-early") == 0) return 3;
    if (strcmp(mode, "never-connect") == 0) {
        pause(); /* until the bridge kills it */
        return 0;
    }
    int sock = connect_to(host, port);
    if (sock < 0) {
        fprintf(stderr, "acpc_test_client: cannot connect to %s:%s\n", host, port);
        return 1;
    }
    if (strcmp(mode, "connect-twice") == 0 && connect_to(host, port) < 0) return 1;
    if (strcmp(mode, "no-version") != 0 && write_all(sock, "VERSION:2.0.0\r\n", 15) != 0) return 1;

    const int checking = strncmp(mode, "check", 5) == 0;
    const char* paced = strstr(mode, "paced-");
    const long pace_ms = paced ? atol(paced + 6) : 0;
    struct check check = {0, 0, 0, 0, 0, -1, "", 0};
    static char in[1 << 16];
    static char out[1 << 18];
    size_t have = 0;
    long answered = 0;
    for (;;) {
        ssize_t n = read(sock, in + have, sizeof in - have);
        if (n <= 0) break;
        if (strcmp(mode, "hang") == 0) continue; /* until the host's time limit kills it */
        if (pace_ms > 0) {
            const struct timespec pause_for = {pace_ms / 1000, (pace_ms % 1000) * 1000000L};
            nanosleep(&pause_for, NULL);
        }
        have += (size_t)n;
        size_t begin = 0, used = 0;
        for (;;) {
            char* newline = memchr(in + begin, '\n', have - begin);
            if (!newline) break;
            size_t end = (size_t)(newline - in);
            size_t len = end - begin;
            if (len > 0 && in[begin + len - 1] == '\r') --len;
            if (used + 2 * len + 16 > sizeof out) break;
            if (checking && !check_state(&check, in + begin, len)) {
                begin = end + 1;
                continue;
            }
            check.answers += checking;
            const char* action = "c";
            int copies = 1;
            memcpy(out + used, in + begin, len);
            if (answered == 0) {
                if (strcmp(mode, "wrong-echo") == 0) out[used + len - 1] ^= 1;
                if (strcmp(mode, "malformed") == 0) action = "x";
                if (strcmp(mode, "illegal") == 0) action = "r1";
                if (strcmp(mode, "huge") == 0) action = "r99999999999999999999";
                if (strcmp(mode, "total") == 0) action = "r7";
                if (strcmp(mode, "answer-twice") == 0) copies = 2;
            }
            for (int k = 0; k < copies; ++k) {
                if (k > 0) memcpy(out + used, in + begin, len);
                size_t at = used + len;
                out[at++] = ':';
                for (const char* c = action; *c; ++c)
                    out[at++] = *c;
                out[at++] = '\r';
                out[at++] = '\n';
                used = at;
            }
            ++answered;
            begin = end + 1;
            if (strcmp(mode, "disconnect") == 0 && answered == 5) {
                write_all(sock, out, used);
                close(sock);
                return 0;
            }
        }
        if (used > 0 && write_all(sock, out, used) != 0) break;
        memmove(in, in + begin, have - begin);
        have -= begin;
        if (have == sizeof in) break; /* a line longer than the buffer: not a dealer's */
    }
    close(sock);
    if (checking) {
        if (check.hand >= 0) check_error(&check, "the match ended mid-hand", "", 0);
        fprintf(stderr,
                "acpc_test_client check: %ld hands, %ld states, %ld showdowns, %ld answers, "
                "%ld errors\n",
                check.hands, check.states, check.showdowns, check.answers, check.errors);
        return check.errors > 0;
    }
    return 0;
}
