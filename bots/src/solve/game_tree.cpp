#include "pokerarena/bots/game_tree.hpp"

#include <stdexcept>

namespace pokerarena {
namespace {

// Appends `value` in `bits` bits to the key; false once the key would pass 63 bits (the top
// bit stays free for the leading 1 that tells keys of different lengths apart).
struct KeyWriter {
    std::uint64_t key = 1;
    int used = 0;
    bool push(unsigned value, int bits) {
        used += bits;
        if (used > 63) return false;
        key = (key << bits) | value;
        return true;
    }
};

class TreeBuilder {
  public:
    explicit TreeBuilder(GameTree& tree) : tree_(tree) {}

    // Fills nodes[index] from `table`, paused at its next event.
    void walk(const Table& table, int index) {
        const int seat = table.seat_to_act();
        if (seat < 0) {
            for (int s = 0; s < 2; ++s)
                tree_.nodes[index].payoff[s] = static_cast<double>(
                    table.stack(s) - tree_.game.starting_stacks[static_cast<std::size_t>(s)]);
            return;
        }
        const int info = info_set_at(table, seat);
        const InfoSet& set = tree_.info_sets[static_cast<std::size_t>(info)];
        const int first = static_cast<int>(tree_.nodes.size());
        tree_.nodes[index].seat = seat;
        tree_.nodes[index].info_set = info;
        tree_.nodes[index].first_child = first;
        const int count = set.num_actions;
        const std::array<Action, kMaxTreeActions> actions = set.actions;
        tree_.nodes.resize(tree_.nodes.size() + static_cast<std::size_t>(count));
        for (int a = 0; a < count; ++a) {
            Table next = table;
            if (!next.act(actions[static_cast<std::size_t>(a)]).ok())
                throw std::logic_error("game tree: the table refused a legal action");
            next.advance();
            walk(next, first + a);
        }
    }

  private:
    int info_set_at(const Table& table, int seat) {
        const SeatView view = table.view(seat);
        const std::uint64_t key = info_set_key(view);
        if (key == 0) throw std::invalid_argument("game tree: a history too long to key");
        if (auto found = tree_.info_set_of.find(key); found != tree_.info_set_of.end())
            return found->second;
        InfoSet set;
        set.seat = seat;
        set.key = key;
        const LegalActions legal = table.legal_actions();
        if (legal.can_fold)
            set.actions[static_cast<std::size_t>(set.num_actions++)] = Action::fold();
        set.actions[static_cast<std::size_t>(set.num_actions++)] = Action::check_call();
        if (legal.can_raise) {
            if (legal.min_raise_to != legal.max_raise_to)
                throw std::invalid_argument(
                    "game tree: a choice of raise sizes (only fixed-limit games are solved)");
            set.actions[static_cast<std::size_t>(set.num_actions++)] =
                Action::raise_to(legal.min_raise_to);
        }
        const int index = static_cast<int>(tree_.info_sets.size());
        tree_.info_sets.push_back(set);
        tree_.info_set_tables.push_back(table);
        tree_.info_set_of.emplace(key, index);
        return index;
    }

    GameTree& tree_;
};

// Calls deal(cards) for every ordered choice of `count` distinct cards of `deck`.
template <class Deal>
void for_each_deal(CardSet deck, int count, std::array<Card, 4>& cards, int at, Deal&& deal) {
    if (at == count || at == static_cast<int>(cards.size())) {
        deal(cards);
        return;
    }
    for (int c = 0; c < kNumCards; ++c) {
        const Card card(c);
        if (!deck.contains(card)) continue;
        cards[static_cast<std::size_t>(at)] = card;
        CardSet rest = deck;
        rest.remove(card);
        for_each_deal(rest, count, cards, at + 1, deal);
    }
}

}  // namespace

std::uint64_t info_set_key(const SeatView& view) {
    KeyWriter w;
    // The seat by its place after the button, so that hands with the button on either seat
    // share their information sets.
    const int place =
        view.num_seats > 0 ? (view.seat - view.button + view.num_seats) % view.num_seats : -1;
    bool ok = place >= 0 && place < 16 && w.push(static_cast<unsigned>(place), 4);
    for (int h = 0; ok && h < view.hole_cards; ++h) {
        const Card c = view.hole[static_cast<std::size_t>(view.seat)][static_cast<std::size_t>(h)];
        ok = w.push(static_cast<unsigned>(c.index()), 6);
    }
    ok = ok && w.push(static_cast<unsigned>(view.board_count), 3);
    for (int b = 0; ok && b < view.board_count; ++b)
        ok = w.push(static_cast<unsigned>(view.board[static_cast<std::size_t>(b)].index()), 6);
    // Each action in 2 bits (its kind + 1), with a 0 between rounds: in fixed-limit games the
    // kind and the round fix the amount.
    int round = 0;
    for (const RecordedAction& a : view.actions) {
        for (; ok && round < a.round; ++round)
            ok = w.push(0, 2);
        ok = ok && w.push(static_cast<unsigned>(a.kind) + 1, 2);
    }
    for (; ok && round < view.round; ++round)
        ok = w.push(0, 2);
    return ok && !view.actions_truncated ? w.key : 0;
}

int GameTree::find(const SeatView& view) const {
    const auto found = info_set_of.find(info_set_key(view));
    return found == info_set_of.end() ? -1 : found->second;
}

std::string GameTree::describe(int info_set) const {
    const InfoSet& set = info_sets[static_cast<std::size_t>(info_set)];
    const SeatView view = info_set_tables[static_cast<std::size_t>(info_set)].view(set.seat);
    std::string text = "seat ";
    text += std::to_string(set.seat);
    text += " holds";
    auto add_card = [&text](Card card) {
        text += ' ';
        text += card.to_string();
    };
    for (int h = 0; h < view.hole_cards; ++h)
        add_card(view.hole[static_cast<std::size_t>(set.seat)][static_cast<std::size_t>(h)]);
    if (view.board_count > 0) {
        text += ", board";
        for (int b = 0; b < view.board_count; ++b)
            add_card(view.board[static_cast<std::size_t>(b)]);
    }
    text += ", actions:";
    if (view.actions.empty()) text += " none";
    int round = 0;
    for (const RecordedAction& a : view.actions) {
        if (a.round != round) text += " /";
        round = a.round;
        if (a.kind == ActionKind::RaiseTo) {
            text += " raise ";
            text += std::to_string(a.amount);
        } else {
            text += a.kind == ActionKind::Fold ? " fold" : a.amount == 0 ? " check" : " call";
        }
    }
    return text;
}

GameTree build_game_tree(const GameDef& game) {
    if (const std::string why = game.validate(); !why.empty())
        throw std::invalid_argument("game: " + why);
    if (game.num_seats != 2)
        throw std::invalid_argument("game tree: the game is for " + std::to_string(game.num_seats) +
                                    " seats; only heads-up games are solved");
    int board = 0;
    for (int r = 0; r < game.num_rounds; ++r)
        board += game.board_cards[static_cast<std::size_t>(r)];
    const int dealt = 2 * game.hole_cards + board;
    if (dealt > 4)
        throw std::invalid_argument("game tree: a hand deals " + std::to_string(dealt) +
                                    " cards; only games of at most 4 (Kuhn, Leduc) are solved");
    GameTree tree;
    tree.game = game;
    tree.game.reset_stacks_each_hand = true;
    tree.game.max_hands = 0;
    TreeBuilder builder(tree);
    std::array<Card, 4> cards{};
    int deals = 0;
    for_each_deal(game.deck(), dealt, cards, 0, [&](const std::array<Card, 4>& deal) {
        PresetCards preset;
        const Card* next = deal.data();
        for (int s = 0; s < 2; ++s) {
            preset.hole_known[static_cast<std::size_t>(s)] = true;
            for (int h = 0; h < game.hole_cards; ++h)
                preset.hole[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)] = *next++;
        }
        preset.board_known = board;
        for (int b = 0; b < board; ++b)
            preset.board[static_cast<std::size_t>(b)] = *next++;
        Table table(tree.game, 0, 0);
        table.set_pause_mask(pause_bit(EventKind::HandEnded));
        table.set_next_hand_cards(preset);
        table.advance();
        const int root = static_cast<int>(tree.nodes.size());
        tree.roots.push_back(root);
        tree.nodes.emplace_back();
        builder.walk(table, root);
        ++deals;
    });
    tree.deal_probability = 1.0 / static_cast<double>(deals);
    return tree;
}

}  // namespace pokerarena
