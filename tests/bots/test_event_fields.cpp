// The table of the fields each event kind carries (pokerarena/bots/event_fields.hpp): the
// protocol's event lines hold exactly those keys, in the table's order, and every kind a bot is
// sent reads back as itself.
#include <catch2/catch.hpp>

#include <simdjson.h>

#include <string>

#include "../../bots/src/process/protocol.hpp"
#include "../../bots/src/process/protocol_read.hpp"
#include "pokerarena/bots/event_fields.hpp"

using namespace pokerarena;

namespace {

// Every field set, each to a value of its own, so that a key written for the wrong kind shows.
Event full_event(EventKind kind) {
    Event e;
    e.kind = kind;
    e.seat = 2;
    e.hand_number = 7;
    e.round = 1;
    e.action = Action::raise_to(300);
    e.amount = 120;
    e.pot_index = 1;
    e.winners = 5;
    e.all_in = true;
    e.value = 4321;
    e.num_cards = 2;
    e.cards[0] = Card(12, 3);  // As
    e.cards[1] = Card(11, 1);  // Kd
    return e;
}

std::string event_line(EventKind kind) {
    std::string out;
    process::write_event(out, 9, full_event(kind));
    return out;
}

}  // namespace

TEST_CASE("event fields: each kind's line holds its keys in the protocol's order", "[process]") {
    const std::string head = R"({"type":"event","instance":9,"event":{"kind":)";
    CHECK(event_line(EventKind::HandStarted) ==
          head + R"("hand_started","button":2,"chips":120,"hand":7}})" + "\n");
    CHECK(event_line(EventKind::ForcedBet) ==
          head + R"("forced_bet","seat":2,"amount":120,"all_in":true,"hand":7}})" + "\n");
    CHECK(event_line(EventKind::HoleCardsDealt) ==
          head + R"("hole_cards","seat":2,"cards":["As","Kd"],"hand":7}})" + "\n");
    CHECK(event_line(EventKind::BoardDealt) ==
          head + R"("board","round":1,"cards":["As","Kd"],"hand":7}})" + "\n");
    CHECK(
        event_line(EventKind::ActionTaken) ==
        head +
            R"("action","seat":2,"round":1,"action":"raise","to":300,"amount":120,"all_in":true,"hand":7}})" +
            "\n");
    CHECK(event_line(EventKind::UncalledBetReturned) ==
          head + R"("uncalled_bet_returned","seat":2,"round":1,"amount":120,"hand":7}})" + "\n");
    CHECK(event_line(EventKind::Showdown) ==
          head + R"("showdown","seat":2,"cards":["As","Kd"],"value":4321,"hand":7}})" + "\n");
    CHECK(event_line(EventKind::PotAwarded) ==
          head + R"("pot_awarded","pot":1,"amount":120,"winners":5,"hand":7}})" + "\n");
    CHECK(event_line(EventKind::HandEnded) == head + R"("hand_ended","hand":7}})" + "\n");
}

TEST_CASE("event fields: every kind a bot is sent has a name that reads back as it", "[process]") {
    simdjson::dom::parser parser;
    int named = 0;
    for (int k = 0; k <= static_cast<int>(EventKind::UncalledBetReturned); ++k) {
        const auto kind = static_cast<EventKind>(k);
        const EventFields& f = event_fields(kind);
        if (kind == EventKind::ActionRequired || kind == EventKind::GameOver) {
            CHECK(f.name.empty());
            CHECK(f.fields == 0);
            continue;
        }
        INFO(event_kind_name(kind));
        ++named;
        const std::string line = event_line(kind);
        simdjson::dom::object message;
        simdjson::dom::object object;
        REQUIRE(parser.parse(line).get_object().get(message) == simdjson::SUCCESS);
        REQUIRE(message["event"].get_object().get(object) == simdjson::SUCCESS);
        Event back;
        std::string error;
        REQUIRE(process::read_event(object, back, error));
        CHECK(back.kind == kind);
        // What the table leaves out stays at its default; what it names comes back.
        const Event none;
        CHECK(back.seat == (f.has(kEventSeat) ? 2 : none.seat));
        CHECK(back.round == (f.has(kEventRound) ? 1 : none.round));
        CHECK(back.amount == (f.has(kEventAmount) ? 120 : none.amount));
        CHECK(back.num_cards == (f.has(kEventCards) ? 2 : 0));
        CHECK(back.all_in == f.has(kEventAllIn));
    }
    CHECK(named == 9);
}
