// Property test: the pause mask decides where advance() returns, never what happens. Random
// matches are played with one stream of decisions on tables that differ only in their masks:
// every event (the step loop throughout), the default (the quick paths close_round() and
// start_next_hand()), HandEnded only, random subsets of the event bits (each quick path taken
// or refused, run() resuming after it), and a mask redrawn before every advance(). At every
// decision all tables agree on the seat to act, the legal actions, the chips, the seat's view
// and the hand so far, and refuse an illegal action alike; each finished hand's record is the
// same, and the events a table returns are exactly those of the every-event table whose bits
// were in its mask at that call, field for field.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "engine_test_util.hpp"
#include "pokerarena/engine/table.hpp"
#include "view_reference.hpp"

using namespace pokerarena;
using namespace pokerarena::test;  // random games, actions, probes and changes, Rng

namespace {

// The bit of every event kind, GameOver and ActionRequired included (set_pause_mask adds them).
constexpr int kNumEventKinds = static_cast<int>(EventKind::UncalledBetReturned) + 1;
static_assert(kPauseOnEveryEvent == (1u << kNumEventKinds) - 1);

// A random subset of the event bits, each in with one probability per mask (10% to 90%), so
// that some masks leave all the events of a quick path out and others want one of them; now
// and then with bits of no event, which must change nothing either.
std::uint32_t random_mask(Rng& rng) {
    const int percent = 10 + 20 * static_cast<int>(rng.range(0, 4));
    std::uint32_t mask = 0;
    for (int k = 0; k < kNumEventKinds; ++k)
        if (rng.chance(percent)) mask |= pause_bit(static_cast<EventKind>(k));
    if (rng.chance(20)) mask |= static_cast<std::uint32_t>(rng.next()) & ~kPauseOnEveryEvent;
    return mask;
}

// The property tests' games (engine_test_util.hpp), and now and then a tournament without a
// hand limit, which ends when one seat holds every chip.
GameDef masked_game(Rng& rng) {
    GameDef def = random_game(rng);
    if (!def.reset_stacks_each_hand && rng.chance(20)) def.max_hands = 0;
    return def;
}

struct Driven {
    Table table;
    bool redrawn = false;  // the mask is redrawn before every advance()
};

// The same change on every table, between hands (before the first one, or after game over):
// new stacks, a button, given cards, per-seat antes and blinds (straddles, none, several).
void change_between_hands(Rng& rng, const GameDef& def, std::vector<Driven>& tables) {
    if (rng.chance(15)) {
        std::array<Chips, kMaxSeats> stacks{};
        for (int s = 0; s < def.num_seats; ++s)
            stacks[s] = rng.chance(20) ? 0 : rng.range(1, 20 * def.big_blind);
        for (Driven& d : tables)
            d.table.set_stacks(stacks);
    }
    if (rng.chance(30)) {
        const int button = static_cast<int>(rng.range(0, def.num_seats - 1));
        for (Driven& d : tables)
            d.table.set_button(button);
    }
    if (rng.chance(15)) {
        const PresetCards given = random_given_cards(rng, def);
        for (Driven& d : tables)
            d.table.set_next_hand_cards(given);
    }
    if (rng.chance(20)) {
        const ForcedBets bets = random_forced_bets(rng, def);
        for (Driven& d : tables)
            d.table.set_next_hand_forced_bets(bets.antes, bets.blinds);
    }
}

bool same_event(const Event& a, const Event& b) {
    return a.kind == b.kind && a.seat == b.seat && a.hand_number == b.hand_number &&
           a.round == b.round && a.action == b.action && a.amount == b.amount &&
           a.pot_index == b.pot_index && a.winners == b.winners && a.odd_chips == b.odd_chips &&
           a.forced == b.forced && a.all_in == b.all_in && a.value == b.value &&
           a.num_cards == b.num_cards && a.cards == b.cards;
}

// The first part of what a driver can see where two tables differ, or "" if none.
std::string difference(const Table& a, const Table& b) {
    if (a.state() != b.state()) return "state()";
    if (a.seat_to_act() != b.seat_to_act()) return "seat_to_act()";
    if (a.hand_number() != b.hand_number()) return "hand_number()";
    if (a.hands_played() != b.hands_played()) return "hands_played()";
    if (a.round() != b.round()) return "round()";
    if (a.button() != b.button()) return "button()";
    if (!(a.legal_actions() == b.legal_actions())) return "legal_actions()";
    if (a.pot() != b.pot()) return "pot()";
    if (a.current_bet() != b.current_bet()) return "current_bet()";
    if (a.dealt_in() != b.dealt_in()) return "dealt_in()";
    if (a.folded() != b.folded()) return "folded()";
    if (a.all_in() != b.all_in()) return "all_in()";
    for (int s = 0; s < kMaxSeats; ++s) {
        if (a.stack(s) != b.stack(s)) return "stack(" + std::to_string(s) + ")";
        if (a.bet(s) != b.bet(s)) return "bet(" + std::to_string(s) + ")";
        if (a.committed(s) != b.committed(s)) return "committed(" + std::to_string(s) + ")";
    }
    if (!(a.last_hand() == b.last_hand())) return "last_hand()";
    if (const int s = a.seat_to_act(); s >= 0) {
        // The seat's view; its actions point into each table, so they are compared by value.
        const SeatView va = a.view(s);
        SeatView vb = b.view(s);
        if (!std::equal(va.actions.begin(), va.actions.end(), vb.actions.begin(), vb.actions.end()))
            return "view().actions";
        vb.actions = va.actions;
        if (const std::string d = pokerarena::test::view_difference(va, vb); !d.empty())
            return "view()." + d;
    }
    return "";
}

std::string hex(std::uint32_t mask) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%x", mask);
    return text;
}

bool same_status(const Status& a, const Status& b) {
    return a.code == b.code && std::strcmp(a.message, b.message) == 0;
}

struct Totals {
    std::int64_t hands = 0;
    std::int64_t decisions = 0;
};

// Plays random matches until the every-event tables have played `hands` hands.
Totals play_masked(std::uint64_t seed, int hands) {
    Rng rng{seed * 0x9E3779B97F4A7C15ULL + 7};
    Rng mask_rng{seed * 0xD1B54A32D192ED03ULL + 11};  // the redrawn masks only
    Totals totals;
    for (std::uint64_t game = 0; totals.hands < hands; ++game) {
        const GameDef def = masked_game(rng);
        std::vector<Driven> tables;
        // Table 0 pauses on every event: its events are the reference the others' must match.
        for (const std::uint32_t mask :
             {kPauseOnEveryEvent, kDefaultPauseMask, kHandMask, random_mask(rng), random_mask(rng),
              random_mask(rng), random_mask(rng)}) {
            tables.push_back({Table(def, seed, game)});
            tables.back().table.set_pause_mask(mask);
        }
        tables.push_back({Table(def, seed, game), true});
        change_between_hands(rng, def, tables);

        // Where two tables part: enough to replay it (the masks are those of this game).
        int decisions = 0;
        auto where = [&](std::size_t i) {
            std::string s = "seed " + std::to_string(seed) + ", game " + std::to_string(game) +
                            ", hand " + std::to_string(tables[0].table.hand_number()) +
                            ", decision " + std::to_string(decisions) + ": table " +
                            std::to_string(i) +
                            (tables[i].redrawn ? " (mask redrawn, now " : " (mask ") +
                            hex(tables[i].table.pause_mask()) + ") ";
            return s;
        };
        std::vector<HandRecord> finished;  // table 0's finished hands, by hand number
        std::vector<Event> reference;      // table 0's events since the last decision
        int restarts = 0;
        for (;;) {
            // Table 0 runs to the next decision or game over, keeping each hand's record.
            Table& ref = tables[0].table;
            reference.clear();
            for (;;) {
                reference.push_back(ref.advance());
                const Event& e = reference.back();
                if (e.kind == EventKind::HandEnded) {
                    if (finished.size() <= static_cast<std::size_t>(e.hand_number))
                        finished.resize(static_cast<std::size_t>(e.hand_number) + 1);
                    finished[static_cast<std::size_t>(e.hand_number)] = ref.last_hand();
                }
                if (e.kind == EventKind::ActionRequired || e.kind == EventKind::GameOver) break;
                if (reference.size() > 100000) FAIL(where(0) << "a hand never ends");
            }
            // Every other table runs on its own to the same point. Each event it returns must
            // be the next of table 0's whose bit its mask had at that call: the ones skipped
            // were not wanted, and nothing else came.
            for (std::size_t i = 1; i < tables.size(); ++i) {
                Table& t = tables[i].table;
                std::size_t next = 0;
                for (;;) {
                    if (tables[i].redrawn) t.set_pause_mask(random_mask(mask_rng));
                    const Event e = t.advance();
                    while (next < reference.size() &&
                           !(t.pause_mask() & pause_bit(reference[next].kind)))
                        ++next;
                    if (next == reference.size())
                        FAIL(where(i) << "returned " << event_kind_name(e.kind)
                                      << " after every event table 0 returned");
                    if (!same_event(e, reference[next]))
                        FAIL(where(i)
                             << "returned " << event_kind_name(e.kind) << " for seat " << e.seat
                             << " where table 0 returned " << event_kind_name(reference[next].kind)
                             << " for seat " << reference[next].seat);
                    ++next;
                    // A finished hand (until the next starts): the record table 0 had.
                    const HandRecord& r = t.last_hand();
                    if (r.finished && (static_cast<std::size_t>(r.hand_number) >= finished.size() ||
                                       !(r == finished[static_cast<std::size_t>(r.hand_number)])))
                        FAIL(where(i) << "finished hand " << r.hand_number
                                      << " with another record than table 0");
                    if (e.kind == EventKind::ActionRequired || e.kind == EventKind::GameOver) break;
                }
                if (const std::string d = difference(ref, t); !d.empty())
                    FAIL(where(i) << "differs from table 0 in " << d);
                // The invariants, in the Release build too (the checked build asserts them
                // after every step).
                if (std::string why; !t.check_invariants(&why))
                    FAIL(where(i) << "breaks an invariant: " << why);
            }

            if (reference.back().kind == EventKind::GameOver) {
                // Game over is final on every table: advancing returns it again, acting is
                // refused, and neither changes anything.
                for (std::size_t i = 0; i < tables.size(); ++i) {
                    Table& t = tables[i].table;
                    const Table before = t;
                    if (!same_event(t.advance(), reference.back()) || !(t == before))
                        FAIL(where(i) << "changed after game over");
                    const Status s = t.act(Action::check_call());
                    if (s.code != ErrorCode::WrongState || !(t == before))
                        FAIL(where(i) << "accepted an action after game over");
                }
                totals.hands += ref.hands_played();
                // Now and then the match goes on with new stacks (twice at most).
                if (restarts == 2 || !rng.chance(30)) break;
                ++restarts;
                std::array<Chips, kMaxSeats> stacks{};
                for (int s = 0; s < def.num_seats; ++s)
                    stacks[s] = rng.chance(30) ? 0 : rng.range(1, 20 * def.big_blind);
                for (Driven& d : tables)
                    d.table.set_stacks(stacks);
                change_between_hands(rng, def, tables);
                totals.hands -= ref.hands_played();  // counted again at the next game over
                continue;
            }

            // One decision for all: sometimes a probe first, usually illegal, which every table
            // must refuse alike and without change (or accept alike, as the decision).
            ++decisions;
            ++totals.decisions;
            if (decisions > 1000000) FAIL(where(0) << "the match never ends");
            const LegalActions legal = ref.legal_actions();
            bool decided = false;
            if (rng.chance(30)) {
                const Action probe = random_probe(rng, ref, legal);
                const int seat =
                    rng.chance(20) ? static_cast<int>(rng.range(-1, kMaxSeats)) : ref.seat_to_act();
                Status first;
                for (std::size_t i = 0; i < tables.size(); ++i) {
                    Table& t = tables[i].table;
                    const Table before = t;
                    const Status s = t.act(seat, probe);
                    if (i == 0) first = s;
                    if (!same_status(s, first))
                        FAIL(where(i) << "answered a probe with \"" << s.message
                                      << "\" where table 0 answered \"" << first.message << "\"");
                    if (s.ok()) continue;
                    // Refused: nothing changed, and resuming returns the same request.
                    const Event again = t.advance();
                    if (!(t == before) || !same_event(again, reference.back()))
                        FAIL(where(i) << "changed after refusing a probe: " << s.message);
                }
                decided = first.ok();
            }
            if (!decided) {
                const Action a = random_action(rng, legal);
                for (std::size_t i = 0; i < tables.size(); ++i) {
                    const Status s = tables[i].table.act(a);
                    if (!s.ok()) FAIL(where(i) << "refused a legal action: " << s.message);
                }
            }
        }
    }
    return totals;
}

}  // namespace

// Two seeds, so that ctest -j runs them in parallel.
TEST_CASE("pause masks 1: every mask plays the same hands, events and decisions",
          "[table][pause]") {
    const auto totals = play_masked(1, 10000);
    CHECK(totals.hands >= 10000);
    CHECK(totals.decisions > totals.hands);
}
TEST_CASE("pause masks 2: every mask plays the same hands, events and decisions",
          "[table][pause]") {
    const auto totals = play_masked(2, 10000);
    CHECK(totals.hands >= 10000);
    CHECK(totals.decisions > totals.hands);
}
