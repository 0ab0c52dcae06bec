// Output files (sim/src/io/output_file.hpp): a link at the name is replaced and its target left
// alone, a failed write leaves the old file and no temporary, temporaries have names nobody can
// guess, and the temporaries of dead processes go while those of live ones stay.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "../../sim/src/io/output_file.hpp"
#include "pokerarena/sim/report_io.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path fresh_folder(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_output_file_test" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string contents(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::set<std::string> names_in(const fs::path& dir) {
    std::set<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir))
        names.insert(entry.path().filename().string());
    return names;
}

// A process id no process has now: a child that has exited and been waited for.
long dead_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

// Files may grow to `bytes` while it lives: a write past that fails with EFBIG (SIGXFSZ is
// ignored meanwhile), as one on a full disk fails with ENOSPC.
struct FileSizeLimit {
    explicit FileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &old_limit);
        old_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = old_limit;
        limit.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &old_limit);
        std::signal(SIGXFSZ, old_handler);
    }
    rlimit old_limit{};
    void (*old_handler)(int) = nullptr;
};

}  // namespace

TEST_CASE("an output file replaces a link at its name and leaves the target alone", "[output]") {
    const fs::path dir = fresh_folder("link");
    const fs::path victim = dir / "victim";
    std::ofstream(victim) << "precious\n";
    fs::create_symlink(victim, dir / "out.json");
    io::write_output_file(dir / "out.json", "new\n");
    CHECK_FALSE(fs::is_symlink(dir / "out.json"));
    CHECK(contents(dir / "out.json") == "new\n");
    CHECK(contents(victim) == "precious\n");
    // A dangling link too: the file it names is not created.
    fs::create_symlink(dir / "nowhere", dir / "dangling");
    io::write_output_file(dir / "dangling", "x");
    CHECK_FALSE(fs::exists(dir / "nowhere"));
    CHECK(contents(dir / "dangling") == "x");
    CHECK(names_in(dir) == std::set<std::string>{"dangling", "out.json", "victim"});
}

TEST_CASE("an output file refuses what is neither a file nor a link", "[output]") {
    const fs::path dir = fresh_folder("kinds");
    fs::create_directories(dir / "a_folder");
    CHECK_THROWS_WITH(io::write_output_file(dir / "a_folder", "x"),
                      Catch::EndsWith("a_folder: not a regular file; the output replaces the file "
                                      "of that name, so give a file name"));
    CHECK_THROWS_WITH(io::write_output_file("/dev/null", "x"),
                      "/dev/null: not a regular file; the output replaces the file of that name, "
                      "so give a file name");
    CHECK_THAT(io::output_file_problem("/dev/null"), Catch::StartsWith("not a regular file"));
    CHECK(io::output_file_problem(dir / "missing" / "f") ==
          "cannot create: No such file or directory");
    CHECK_THROWS_WITH(io::write_output_file(dir / "missing" / "f", "x"),
                      Catch::EndsWith("missing/f: cannot create: No such file or directory"));
    CHECK(io::output_file_problem(dir / "f").empty());
    CHECK(names_in(dir) == std::set<std::string>{"a_folder"});
}

TEST_CASE("a write that fails keeps the old file, removes the temporary and names the file",
          "[output]") {
    const fs::path dir = fresh_folder("fails");
    const fs::path path = dir / "r.json";
    io::write_output_file(path, "old\n");
    {
        const FileSizeLimit limit(10000);
        CHECK_THROWS_WITH(io::write_output_file(path, std::string(50000, 'x')),
                          Catch::EndsWith("r.json: cannot write: File too large"));
        // Written as it goes: the first failing write is what commit() reports.
        io::OutputFile file(path);
        for (int k = 0; k < 100; ++k)
            file.stream() << std::string(1000, 'y');
        CHECK_THROWS_WITH(file.check(), Catch::EndsWith("r.json: cannot write: File too large"));
        CHECK_THROWS_WITH(file.commit(), Catch::EndsWith("r.json: cannot write: File too large"));
    }
    CHECK(contents(path) == "old\n");
    CHECK(names_in(dir) == std::set<std::string>{"r.json"});
    // Through write_file, as ReportError.
    const FileSizeLimit limit(10000);
    CHECK_THROWS_AS(write_file(path, std::string(50000, 'x')), ReportError);
    CHECK(contents(path) == "old\n");
}

TEST_CASE("an output file not committed leaves nothing behind", "[output]") {
    const fs::path dir = fresh_folder("abandoned");
    {
        io::OutputFile file(dir / "unit.phhs");
        file.stream() << "half a hand";
        CHECK(fs::exists(file.temporary()));
    }
    CHECK(names_in(dir).empty());
}

TEST_CASE("temporaries are made exclusively under names of their own", "[output]") {
    const fs::path dir = fresh_folder("names");
    io::OutputFile first(dir / "r.pb");
    io::OutputFile second(dir / "r.pb");
    CHECK(first.temporary() != second.temporary());
    const std::string name = first.temporary().filename().string();
    const std::string stem = ".r.pb.tmp." + io::host_tag() + "." + std::to_string(::getpid()) + ".";
    REQUIRE(name.rfind(stem, 0) == 0);
    CHECK(name.size() == stem.size() + 16);
    const auto parsed = io::parse_temporary_name(name);
    REQUIRE(parsed);
    CHECK(parsed->pid == ::getpid());
    CHECK(parsed->host == io::host_tag());
    // Not opened through a link: the temporary is a file of its own.
    struct stat status {};
    REQUIRE(::lstat(first.temporary().c_str(), &status) == 0);
    CHECK(S_ISREG(status.st_mode));
    first.write("one");
    second.write("two");
    first.commit();
    second.commit();
    CHECK(contents(dir / "r.pb") == "two");
    CHECK(names_in(dir) == std::set<std::string>{"r.pb"});
}

TEST_CASE("an output file keeps the mode of the file it replaces", "[output]") {
    const fs::path dir = fresh_folder("mode");
    const fs::path path = dir / "kept.csv";
    io::write_output_file(path, "a\n");
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read);
    io::write_output_file(path, "b\n");
    CHECK(fs::status(path).permissions() == (fs::perms::owner_read | fs::perms::group_read));
    CHECK(contents(path) == "b\n");
    const mode_t umask = ::umask(022);
    io::write_output_file(dir / "new.csv", "c\n");
    ::umask(umask);
    CHECK(fs::status(dir / "new.csv").permissions() ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
           fs::perms::others_read));
}

TEST_CASE("which names are this writer's temporaries", "[output]") {
    const auto parsed = io::parse_temporary_name(".r.pb.tmp.0badf00d.123.0123456789abcdef");
    REQUIRE(parsed);
    CHECK(parsed->host == "0badf00d");
    CHECK(parsed->pid == 123);
    const auto shortest = io::parse_temporary_name(".x.tmp.00000000.1.ffffffffffffffff");
    REQUIRE(shortest);
    CHECK(shortest->pid == 1);
    CHECK(io::host_tag().size() == 8);
    for (const char* other : {
             "r.pb.tmp.0badf00d.123.0123456789abcdef",    // no dot first
             ".r.pb.tmp.0badf00d.123.0123456789abcde",    // 15 random digits
             ".r.pb.tmp.0badf00d.123.0123456789ABCDEF",   // upper case
             ".r.pb.tmp.0badf00d.0123.0123456789abcdef",  // a leading 0
             ".r.pb.tmp.0badf00d..0123456789abcdef",      // no process
             ".r.pb.tmp.0badf0.123.0123456789abcdef",     // a short host
             ".r.pb.tmp.123.0123456789abcdef",            // no host
             ".tmp.0badf00d.123.0123456789abcdef",        // no name
             ".r.pb.temp.0badf00d.123.0123456789abcdef",  // another tag
             "r.pb.tmp.123.4",                            // an older writer's
         }) {
        INFO(other);
        CHECK_FALSE(io::parse_temporary_name(other));
    }
}

namespace {

// A temporary's name on this machine ("" for `host`) or another.
std::string temporary(const std::string& name, long pid, const std::string& random,
                      const std::string& host = "") {
    return "." + name + ".tmp." + (host.empty() ? io::host_tag() : host) + "." +
           std::to_string(pid) + "." + random;
}

}  // namespace

TEST_CASE("the temporaries of dead processes are removed, and only those", "[output]") {
    const fs::path dir = fresh_folder("stale");
    const std::string dead = temporary("r.pb", dead_pid(), "0123456789abcdef");
    const std::string dead_other = temporary("unit-00000003.phhs", dead_pid(), "fedcba9876543210");
    const std::string alive = temporary("r.pb", ::getpid(), "0123456789abcdef");
    const std::string alive_parent = temporary("r.pb", ::getppid(), "0123456789abcdef");
    // The process id of another machine says nothing about its process.
    const std::string elsewhere = temporary("r.pb", dead_pid(), "0123456789abcdef",
                                            io::host_tag() == "00000000" ? "00000001" : "00000000");
    const std::string lookalike = ".r.pb.tmp.99.not-hex-at-all!";
    const std::string user_file = temporary("r.pb", dead_pid(), "0123456789abcdef").substr(1);
    for (const std::string& name :
         {dead, dead_other, alive, alive_parent, elsewhere, lookalike, user_file})
        std::ofstream(dir / name) << "x";
    // A folder of that form is not a temporary of this writer's.
    const std::string folder = temporary("s.pb", dead_pid(), "0123456789abcdef");
    fs::create_directories(dir / folder);

    CHECK(io::remove_stale_temporaries(dir) == 2);
    CHECK(names_in(dir) ==
          std::set<std::string>{alive, alive_parent, elsewhere, lookalike, user_file, folder});
}

TEST_CASE("the first write into a folder removes the temporaries of dead processes", "[output]") {
    const fs::path dir = fresh_folder("first_write");
    std::ofstream(dir / temporary("r.pb", dead_pid(), "0123456789abcdef")) << "left by kill -9";
    io::write_output_file(dir / "r.pb", "report");
    CHECK(names_in(dir) == std::set<std::string>{"r.pb"});
}
