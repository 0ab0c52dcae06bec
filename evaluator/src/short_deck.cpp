// Words for short-deck values: the standard describe() of the same hand, once the layout's two
// differences from the standard one are undone.
#include "pokerarena/evaluator/short_deck.hpp"

namespace pokerarena {

std::string describe_short_deck(HandValue v) {
    using detail::kCategoryStep;
    const Category c = short_deck_category(v);
    if (v == detail::kAceLowStraight) return "Straight, Nine High";
    if (v == detail::kAceLowStraightFlush) return "Straight Flush, Nine High";
    // Full house and flush trade category numbers; their within-category fields are standard.
    if (c == Category::FullHouse) return describe(static_cast<HandValue>(v + kCategoryStep));
    if (c == Category::Flush) return describe(static_cast<HandValue>(v - kCategoryStep));
    return describe(v);
}

}  // namespace pokerarena
