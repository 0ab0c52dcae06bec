/* The ACPC server's showdown with every hand ranked once, for acpc_bench.cpp. The server's
   valueOfState() answers for one player and ranks every showdown hand on each call, so a
   caller that wants every player's value ranks each hand once per player (36 rankings at a
   6-handed showdown); pokerarena ranks each hand once. This entry point ranks each hand once
   with the server's own rankHand() and splits the pots as valueOfState() does.

   game and state are the server's Game and State (void here so that this header does not
   depend on whether the server is the C archive or its C++ port). values gets one entry per
   player, equal to valueOfState(game, state, p) for every p. The state must be finished. */
#ifndef POKERARENA_BENCH_PEERS_ACPC_SHOWDOWN_H
#define POKERARENA_BENCH_PEERS_ACPC_SHOWDOWN_H

#ifdef __cplusplus
extern "C" {
#endif

void pokerarena_acpc_values_ranked_once(const void* game, const void* state, double* values);

#ifdef __cplusplus
}
#endif

#endif
