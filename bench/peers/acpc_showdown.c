/* The ACPC server's game.c (or game.cc) itself, compiled here in its own language and with its
   flags, plus one function that reaches its file-local rankHand() (acpc_showdown.h). Nothing
   of the server's code is changed or copied: the file is included whole. */
#include POKERARENA_ACPC_GAME_SOURCE

#include "acpc_showdown.h"

#ifdef POKERARENA_ACPC_CXX
using namespace project_acpc_server;
#endif

void pokerarena_acpc_values_ranked_once(const void* game_ptr, const void* state_ptr,
                                        double* values) {
    const Game* game = (const Game*)game_ptr;
    const State* state = (const State*)state_ptr;
    const int players = game->numPlayers;
    int p;
    int live = 0;
    int rank[MAX_PLAYERS];
    int32_t left[MAX_PLAYERS];
    double total = 0;

    for (p = 0; p < players; ++p) {
        values[p] = -(double)state->spent[p];
        left[p] = state->spent[p];
        total += (double)state->spent[p];
        live += !state->playerFolded[p];
    }
    if (live == 1) {
        /* everyone else folded: the one left takes the pot */
        for (p = 0; p < players; ++p)
            if (!state->playerFolded[p]) values[p] += total;
        return;
    }
    for (p = 0; p < players; ++p)
        rank[p] = state->playerFolded[p] ? -1 : rankHand(game, state, (uint8_t)p);

    /* Pot by pot, smallest contribution first: each pot is the layer every remaining
       contributor put in, split among the best hands that contributed to it. */
    for (;;) {
        int32_t layer = INT32_MAX;
        int contributors = 0, winners = 0, best = -1;
        for (p = 0; p < players; ++p) {
            if (left[p] == 0) continue;
            ++contributors;
            if (left[p] < layer) layer = left[p];
            if (rank[p] > best) {
                best = rank[p];
                winners = 1;
            } else if (rank[p] == best) {
                ++winners;
            }
        }
        if (contributors == 0) return;
        for (p = 0; p < players; ++p) {
            if (left[p] == 0) continue;
            if (best >= 0 && rank[p] == best) values[p] += (double)layer * contributors / winners;
            left[p] -= layer;
        }
    }
}
