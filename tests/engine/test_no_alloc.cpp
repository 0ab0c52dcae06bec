// "Nothing on the playing path allocates" (table.hpp), checked by counting: this file replaces
// the global allocation functions (program-wide, as the standard allows) with ones that count
// while a window is open, then plays thousands of hands inside the window with random legal
// and illegal actions, views for every seat, and table copies. Building the Table happens
// before the window: its constructor validates the GameDef, which formats a std::string.
//
// What this does not see: a direct call of malloc (the engine has none; it would need an
// interposed malloc, which sanitizer builds already provide). Catch2 allocates in its macros,
// so none runs inside a window; the play is tallied in plain ints and checked afterwards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include "engine_test_util.hpp"
#include "pokerarena/engine/table.hpp"

using namespace pokerarena;
using pokerarena::test::random_action;
using pokerarena::test::Rng;

namespace {

// Plain globals, not atomics: the tests are single-threaded and Catch2 runs nothing beside
// them, and the operators below must stay cheap for every other test in this executable.
bool g_counting = false;
long g_allocations = 0;

void* allocate(std::size_t size) noexcept {
    if (g_counting) ++g_allocations;
    return std::malloc(size == 0 ? 1 : size);  // operator new(0) must return a unique pointer
}

void* allocate_aligned(std::size_t size, std::align_val_t alignment) noexcept {
    if (g_counting) ++g_allocations;
    // aligned_alloc wants the size to be a multiple of the alignment (C11; C17 relaxed it).
    const auto align = static_cast<std::size_t>(alignment);
    const std::size_t rounded = (std::max<std::size_t>(size, 1) + align - 1) / align * align;
    return std::aligned_alloc(align, rounded);
}

void* allocate_or_throw(void* p) {
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

}  // namespace

// The replacements. Every form is replaced, not only the plain one: a form left to the
// library would allocate uncounted, and its delete could free what this malloc gave.
void* operator new(std::size_t size) {
    return allocate_or_throw(allocate(size));
}
void* operator new[](std::size_t size) {
    return allocate_or_throw(allocate(size));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    return allocate(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    return allocate(size);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
    return allocate_or_throw(allocate_aligned(size, alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    return allocate_or_throw(allocate_aligned(size, alignment));
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return allocate_aligned(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return allocate_aligned(size, alignment);
}

// malloc and aligned_alloc memory are both released by free, so one body serves every delete.
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
    std::free(p);
}

namespace {

// The number of allocations `run` makes. The window closes even if `run` throws.
template <class Run>
long allocations_during(Run&& run) {
    struct Window {
        Window() {
            g_allocations = 0;
            g_counting = true;
        }
        ~Window() { g_counting = false; }
    } window;
    run();
    return g_allocations;
}

// What the play did, counted inside the window and checked after it.
struct PlayTally {
    int hands = 0;             // hands finished
    int matches = 0;           // GameOver reached; the table then starts again from a copy
    int decisions = 0;         // ActionRequired events
    int accepted = 0;          // legal actions accepted
    int legal_refused = 0;     // legal actions refused: must stay 0
    int rejected = 0;          // illegal actions rejected
    int illegal_accepted = 0;  // illegal actions accepted: must stay 0
    int copies = 0;            // actions played on a copy that was then assigned back
    Chips checksum = 0;        // read from the views, so that none is optimised away
};

// An action of `seat_to_act` (or of another seat) that act() must refuse.
Status act_illegally(Rng& rng, Table& table, const LegalActions& legal, int seat_to_act) {
    const int n = table.game_def().num_seats;
    switch (rng.range(0, 4)) {
        case 0:  // below the minimum raise (any raise when none is open)
            return table.act(legal.can_raise
                                 ? Action::raise_to(legal.min_raise_to - rng.range(1, 100))
                                 : Action::raise_to(legal.all_in_to));
        case 1:  // more than the stack
            return table.act(Action::raise_to(legal.all_in_to + rng.range(1, 1000)));
        case 2:  // folding when checking is free, else above the largest raise
            return table.act(legal.can_check ? Action::fold()
                                             : Action::raise_to(legal.max_raise_to + 1));
        case 3: {  // an action that would be legal, by the wrong seat
            const int other = static_cast<int>((seat_to_act + rng.range(1, n - 1)) % n);
            return table.act(other, random_action(rng, legal));
        }
        default:  // no such action kind
            return table.act(Action{static_cast<ActionKind>(3), rng.range(0, 1000)});
    }
}

// Plays until `hands` hands have finished, starting again from `start` at each GameOver.
// Runs inside the window: plain counts only, no Catch2.
PlayTally play_hands(Table& table, const Table& start, SeatView& view, std::uint64_t seed,
                     int hands) {
    Rng rng{seed};
    PlayTally tally;
    const int n = table.game_def().num_seats;
    while (tally.hands + table.hands_played() < hands) {
        const Event e = table.advance();
        if (e.kind == EventKind::GameOver) {
            tally.hands += table.hands_played();
            ++tally.matches;
            table = start;
            continue;
        }
        if (e.kind != EventKind::ActionRequired) {
            // Between decisions every action is refused (WrongState).
            if (rng.chance(10)) {
                if (table.act(random_action(rng, table.legal_actions())).ok())
                    ++tally.illegal_accepted;
                else
                    ++tally.rejected;
            }
            continue;
        }
        ++tally.decisions;
        for (int seat = 0; seat < n; ++seat) {
            tally.checksum += table.view(seat).pot;
            table.update_view(seat, view);
            tally.checksum += view.stacks[seat] + view.legal.min_raise_to;
        }
        const LegalActions legal = table.legal_actions();
        if (rng.chance(40)) {
            if (act_illegally(rng, table, legal, e.seat).ok()) {
                ++tally.illegal_accepted;
                continue;  // the table moved on: no second action
            }
            ++tally.rejected;
        }
        const Action action = random_action(rng, legal);
        bool ok = false;
        if (rng.chance(3)) {
            // Searching from a position, as a bot may: act on a copy, then keep the copy.
            Table copy(table);
            ok = copy.act(e.seat, action).ok();
            table = copy;
            ++tally.copies;
        } else {
            ok = table.act(e.seat, action).ok();
        }
        if (ok)
            ++tally.accepted;
        else
            ++tally.legal_refused;
    }
    tally.hands += table.hands_played();
    return tally;
}

constexpr int kHandsPerRun = 5000;

// Plays kHandsPerRun hands of `def` under each pause mask inside a counting window and
// requires no allocation, and enough play of every kind that the zero means something.
void require_no_allocation(const GameDef& def, std::uint64_t seed) {
    for (const std::uint32_t mask :
         {kDefaultPauseMask, kDefaultPauseMask | pause_bit(EventKind::HandEnded),
          kPauseOnEveryEvent}) {
        Table start(def, seed, 0);
        start.set_pause_mask(mask);
        Table table = start;
        SeatView view;
        PlayTally tally;
        const long allocations =
            allocations_during([&] { tally = play_hands(table, start, view, seed, kHandsPerRun); });
        INFO("seats " << def.num_seats << ", pause mask 0x" << std::hex << mask << std::dec << ", "
                      << tally.hands << " hands, " << tally.matches << " matches, "
                      << tally.decisions << " decisions");
        REQUIRE(allocations == 0);
        CHECK(tally.hands >= kHandsPerRun);
        CHECK(tally.accepted > tally.hands);
        CHECK(tally.legal_refused == 0);
        CHECK(tally.rejected > tally.hands / 10);
        CHECK(tally.illegal_accepted == 0);
        CHECK(tally.copies > 0);
        CHECK(tally.checksum != 0);
        // A tournament, or a game with a hand limit, ends: the restart from a copy was played.
        if (!def.reset_stacks_each_hand || def.max_hands > 0) CHECK(tally.matches > 0);
    }
}

GameDef no_limit(int seats, bool cash) {
    GameDef def = GameDef::no_limit_holdem(seats, 20000, 50, 100);
    def.reset_stacks_each_hand = cash;
    return def;
}

// A global the sanity test stores to, so that the compiler cannot drop the allocation.
int* volatile g_escaped = nullptr;

struct alignas(64) CacheLine {
    char bytes[64];
};

}  // namespace

TEST_CASE("the allocation counter counts every form of new, and only in the window", "[alloc]") {
    CHECK(allocations_during([] {}) == 0);
    CHECK(allocations_during([] { g_escaped = new int(7); }) == 1);
    delete g_escaped;
    CHECK(allocations_during([] { g_escaped = new (std::nothrow) int[4]; }) == 1);
    delete[] g_escaped;
    CacheLine* line = nullptr;
    CHECK(allocations_during([&] { line = new CacheLine; }) == 1);
    CHECK(reinterpret_cast<std::uintptr_t>(line) % alignof(CacheLine) == 0);
    delete line;
    std::string text;
    CHECK(allocations_during([&] { text.assign(100, 'x'); }) >= 1);
    // Outside the window nothing is counted.
    g_escaped = new int(7);
    delete g_escaped;
    CHECK(allocations_during([] {}) == 0);
}

TEST_CASE("no-limit hold'em: playing hands allocates nothing", "[alloc][table]") {
    std::uint64_t seed = 0xA110C;
    for (const int seats : {2, 6, 9, 10})
        for (const bool cash : {false, true})
            require_no_allocation(no_limit(seats, cash), ++seed);
}

TEST_CASE("pot-limit, fixed-limit and antes: playing hands allocates nothing", "[alloc][table]") {
    GameDef pot_limit = no_limit(6, true);
    pot_limit.structure = BettingStructure::PotLimit;
    pot_limit.max_hands = 150;  // a cash match that ends by its hand limit
    require_no_allocation(pot_limit, 11);

    // Fixed-limit chips move slowly: a hand limit ends the tournament.
    GameDef fixed_limit = GameDef::fixed_limit_holdem(6, 20000, 50, 100);
    fixed_limit.max_hands = 400;
    require_no_allocation(fixed_limit, 12);

    GameDef every_player_ante = no_limit(9, false);
    every_player_ante.ante_kind = AnteKind::EveryPlayer;
    every_player_ante.ante = 10;
    require_no_allocation(every_player_ante, 13);

    GameDef big_blind_ante = no_limit(9, true);
    big_blind_ante.ante_kind = AnteKind::BigBlind;
    big_blind_ante.ante = 100;
    require_no_allocation(big_blind_ante, 14);
}
