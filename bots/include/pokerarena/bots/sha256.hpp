// SHA-256 (FIPS 180-4), to identify a plugin's shared library by its contents: reports record
// it so that merge and resume can tell two builds of a bot apart, and users can compare it with
// `sha256sum FILE`. The digest is OpenSSL's (libcrypto's EVP interface).
//
// Guarantees
// - Sha256 gives the digest of the bytes fed to update(), however they are split into calls.
// - sha256_hex() and Sha256::hex() give the digest as 64 lower-case hexadecimal digits, as
//   sha256sum prints it ("" -> e3b0c442...b855, "abc" -> ba7816bf...15ad).
// - A failure inside OpenSSL (out of memory, a library without SHA-256) throws
//   std::runtime_error naming the call that failed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

// OpenSSL's EVP_MD_CTX, declared here so that users of this header need no OpenSSL header.
struct evp_md_ctx_st;

namespace pokerarena {

class Sha256 {
  public:
    Sha256();
    void update(std::string_view bytes);
    // The digest of everything fed so far. The object is spent afterwards: feed no more.
    std::array<std::uint8_t, 32> finish();
    std::string hex();

  private:
    struct FreeContext {
        void operator()(evp_md_ctx_st* context) const noexcept;
    };
    std::unique_ptr<evp_md_ctx_st, FreeContext> context_;
};

std::string sha256_hex(std::string_view bytes);

// The digest (hex) and size of a file's bytes, read in 64 KiB pieces.
struct FileDigest {
    std::string sha256;
    std::int64_t size = 0;
};
// nullopt when the file cannot be opened or a read fails.
std::optional<FileDigest> sha256_of_file(const std::filesystem::path& path);

}  // namespace pokerarena
