/* A trivial ACPC client for the tests and the speed figures: it connects to HOST PORT, says
 * VERSION:2.0.0 and answers every state it reads with "c" (check or call), writing the answers
 * to one read's states in one write. It answers every line, so it is for dealers that send a
 * client only the states in which it is to act (pokerarena's bridge), not for the ACPC dealer.
 *
 *     acpc_test_client [MODE] HOST PORT
 *
 * MODE misbehaves on purpose: wrong-echo, malformed and illegal spoil the answer to the first
 * state (then it calls); answer-twice answers the first state twice; disconnect closes the
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

    static char in[1 << 16];
    static char out[1 << 18];
    size_t have = 0;
    long answered = 0;
    for (;;) {
        ssize_t n = read(sock, in + have, sizeof in - have);
        if (n <= 0) break;
        if (strcmp(mode, "hang") == 0) continue; /* until the host's time limit kills it */
        have += (size_t)n;
        size_t begin = 0, used = 0;
        for (;;) {
            char* newline = memchr(in + begin, '\n', have - begin);
            if (!newline) break;
            size_t end = (size_t)(newline - in);
            size_t len = end - begin;
            if (len > 0 && in[begin + len - 1] == '\r') --len;
            if (used + 2 * len + 16 > sizeof out) break;
            const char* action = "c";
            int copies = 1;
            memcpy(out + used, in + begin, len);
            if (answered == 0) {
                if (strcmp(mode, "wrong-echo") == 0) out[used + len - 1] ^= 1;
                if (strcmp(mode, "malformed") == 0) action = "x";
                if (strcmp(mode, "illegal") == 0) action = "r1";
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
    return 0;
}
