#include <catch2/catch.hpp>

#include <string>

#include "pokerarena/bots/sha256.hpp"

using pokerarena::Sha256;
using pokerarena::sha256_hex;

// Vectors of FIPS 180-4's examples (NIST CSRC "SHA256.pdf", "SHA256_2.pdf") and of sha256sum.
TEST_CASE("sha256: the standard's test vectors") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // 56 bytes: the padding does not fit in the message's block and needs a second one.
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("sha256: the digest does not depend on how the bytes are split") {
    // One million 'a' (the standard's third example), fed in pieces of 1 to 130 bytes, so that
    // pieces end inside, at and across block boundaries.
    Sha256 hash;
    const std::string text(1'000'000, 'a');
    std::size_t piece = 1;
    for (std::size_t at = 0; at < text.size(); at += piece, piece = piece % 130 + 1)
        hash.update(std::string_view(text).substr(at, piece));
    CHECK(hash.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    CHECK(sha256_hex(text) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
