#include "pokerarena/bots/sha256.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <stdexcept>

namespace pokerarena {
namespace {

[[noreturn]] void openssl_failed(const char* call) {
    throw std::runtime_error(std::string("SHA-256: OpenSSL's ") + call + " failed");
}

std::string to_hex(const std::array<std::uint8_t, 32>& digest) {
    constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    text.reserve(2 * digest.size());
    for (const std::uint8_t byte : digest) {
        text += kDigits[byte >> 4];
        text += kDigits[byte & 0xF];
    }
    return text;
}

}  // namespace

void Sha256::FreeContext::operator()(evp_md_ctx_st* context) const noexcept {
    EVP_MD_CTX_free(context);
}

Sha256::Sha256() : context_(EVP_MD_CTX_new()) {
    if (!context_) openssl_failed("EVP_MD_CTX_new");
    if (EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr) != 1)
        openssl_failed("EVP_DigestInit_ex");
}

void Sha256::update(std::string_view bytes) {
    if (EVP_DigestUpdate(context_.get(), bytes.data(), bytes.size()) != 1)
        openssl_failed("EVP_DigestUpdate");
}

std::array<std::uint8_t, 32> Sha256::finish() {
    std::array<std::uint8_t, 32> digest{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(context_.get(), digest.data(), &size) != 1 || size != digest.size())
        openssl_failed("EVP_DigestFinal_ex");
    return digest;
}

std::string Sha256::hex() {
    return to_hex(finish());
}

std::string sha256_hex(std::string_view bytes) {
    std::array<std::uint8_t, 32> digest{};
    unsigned int size = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 ||
        size != digest.size())
        openssl_failed("EVP_Digest");
    return to_hex(digest);
}

std::optional<FileDigest> sha256_of_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    Sha256 hash;
    FileDigest digest;
    std::string chunk(1 << 16, '\0');
    while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
        hash.update(std::string_view(chunk.data(), static_cast<std::size_t>(in.gcount())));
        digest.size += in.gcount();
    }
    if (in.bad()) return std::nullopt;
    digest.sha256 = hash.hex();
    return digest;
}

}  // namespace pokerarena
