// dungen's command-line conventions (issue 10): "--flag=value" and "--flag value" alike, every
// flag once, no arguments that would be ignored, no flag that would have no effect, user text
// shown escaped so every error is one line, numbers too big for their type "out of range".

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli_test_support.hpp"
#include "io/param_args.hpp"

using namespace dungen;

namespace {

using cli_test::bad;
using cli_test::Result;
using cli_test::run;

}  // namespace

TEST(CliConventions, FlagEqualsValueIsTheSameAsFlagSpaceValue) {
  const Result spaced = run({"generate", "rooms-and-tunnels", "--seed", "5", "--width", "30",
                             "--height", "20", "--room-max-size", "8", "--format", "json"});
  const Result joined = run({"generate", "rooms-and-tunnels", "--seed=5", "--width=30",
                             "--height=20", "--room-max-size=8", "--format=json"});
  ASSERT_EQ(spaced.code, 0) << spaced.err;
  EXPECT_EQ(joined.code, 0) << joined.err;
  EXPECT_EQ(joined.out, spaced.out);
  // The first '=' splits: a value may hold one; an empty value is a value (and a bad one here).
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed="}),
            "dungen: --seed needs a value: allowed 0..18446744073709551615\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--width=1=2"}),
            "dungen: --width '1=2' is not a whole number: allowed 4..4096\n");
  // A switch takes no value.
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--regions=yes"}),
            "dungen: --regions takes no value (it is on when given): drop 'yes'\n");
  // Unknown stays unknown, with or without '='.
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--bogus=1"})
                .rfind("dungen: unknown flag '--bogus' for rooms-and-tunnels", 0),
            0u);
}

TEST(CliConventions, ExtraArgumentsAreErrors) {
  EXPECT_EQ(bad({"list", "extra"}), "dungen: list takes no arguments: unexpected 'extra'\n");
  EXPECT_NE(bad({"--help", "generate"}).find("--help takes no arguments"), std::string::npos);
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "stray"}),
            "dungen: unexpected argument 'stray': flags start with --\n");
  EXPECT_EQ(run({"list"}).code, 0);
  EXPECT_EQ(run({"--help"}).code, 0);
}

TEST(CliConventions, AFlagWithoutTheFlagItNeedsIsAnError) {
  EXPECT_EQ(bad({"generate", "cellular-caves", "--connectivity", "4"}),
            "dungen: --connectivity has no effect without --regions or --analyse: add one, or "
            "drop --connectivity\n");
  EXPECT_EQ(run({"generate", "cellular-caves", "--connectivity=4", "--regions"}).code, 0);
  EXPECT_EQ(run({"generate", "cellular-caves", "--connectivity=4", "--analyse", "loops"}).code, 0);
}

TEST(CliConventions, UserTextIsShownEscapedSoEveryErrorIsOneLine) {
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "1\n2"}),
            "dungen: --seed '1\\n2' is not a whole number: allowed 0..18446744073709551615\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--bo\ngus"})
                .rfind("dungen: unknown flag '--bo\\ngus'", 0),
            0u);
  EXPECT_EQ(bad({"generate", "no\rpe"}).rfind("dungen: unknown generator 'no\\rpe'", 0), 0u);
  EXPECT_EQ(bad({"fr\x1b[2Job"}),
            "dungen: unknown command 'fr\\x1b[2Job': allowed list, "
            "generate, record, sweep, --help, --version\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--format", "it's\tx"}),
            "dungen: --format 'it\\'s\\tx' is not a format: allowed text, json, png or tmj\n");
  const std::string err = bad({"generate", "rooms-and-tunnels", "--out", "/no/such\nfolder/x"});
  EXPECT_NE(err.find("--out '/no/such\\nfolder/x' cannot be written"), std::string::npos) << err;
  EXPECT_EQ(shown("a\\b"), "'a\\\\b'");
  EXPECT_EQ(shown(std::string("\0\x7f", 2)), "'\\x00\\x7f'");
}

TEST(CliConventions, NumbersTooLargeForTheirTypeAreOutOfRange) {
  for (const char* n : {"99999999999999999999999", "-99999999999999999999999",
                        "9223372036854775808", "18446744073709551616"}) {
    EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--max-rooms", n}),
              std::string("dungen: --max-rooms ") + n + " is out of range: allowed 1..10000\n");
  }
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "18446744073709551616"}),
            "dungen: --seed 18446744073709551616 is out of range: allowed "
            "0..18446744073709551615\n");
  EXPECT_EQ(run({"generate", "rooms-and-tunnels", "--seed", "18446744073709551615"}).code, 0);
}

TEST(CliConventions, HelpIsExitZeroAndErrorsStayOneLine) {
  const Result help = run({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("--flag=VALUE"), std::string::npos);
  // Every generator's --help works with any flags around it.
  EXPECT_EQ(run({"generate", "room-accretion", "--width=10", "--help"}).code, 0);
}

TEST(FlagReader, ReadsBothSpellingsAndSaysWhichWasUsed) {
  const std::vector<std::string> args = {"--a=1", "--b", "2", "--c", "--d=", "x=y"};
  FlagReader r(args);
  ASSERT_TRUE(r.next());
  EXPECT_EQ(r.flag(), "--a");
  EXPECT_TRUE(r.has_inline_value());
  EXPECT_EQ(r.take_value(), "1");
  ASSERT_TRUE(r.next());
  EXPECT_EQ(r.flag(), "--b");
  EXPECT_FALSE(r.has_inline_value());
  EXPECT_EQ(r.take_value(), "2");
  ASSERT_TRUE(r.next());
  EXPECT_EQ(r.flag(), "--c");  // a switch: no value taken
  ASSERT_TRUE(r.next());
  EXPECT_EQ(r.flag(), "--d");
  EXPECT_EQ(r.take_value(), "");
  ASSERT_TRUE(r.next());
  EXPECT_EQ(r.flag(), "x=y");  // not a flag: not split
  EXPECT_FALSE(r.has_inline_value());
  EXPECT_EQ(r.take_value(), std::nullopt);
  EXPECT_FALSE(r.next());
}

// Issue 22, item 17: a value missing says what is allowed, as a wrong one does.
TEST(CliConventions, AMissingValueSaysWhatIsAllowed) {
  const auto missing = [](std::vector<std::string> args) { return bad(std::move(args)); };
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--width"}),
            "dungen: --width needs a value: allowed 4..4096\n");
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--width="}),
            "dungen: --width needs a value: allowed 4..4096\n");
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--seed"}),
            "dungen: --seed needs a value: allowed 0..18446744073709551615\n");
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--format"}),
            "dungen: --format needs a value: allowed text, json, png or tmj\n");
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--cell-px"}),
            "dungen: --cell-px needs a value: allowed 1..64\n");
  EXPECT_EQ(missing({"generate", "cellular-caves", "--regions", "--connectivity"}),
            "dungen: --connectivity needs a value: allowed 4 or 8\n");
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--out"}),
            "dungen: --out needs a file path, e.g. map.txt\n");
  EXPECT_EQ(missing({"generate", "rooms-and-tunnels", "--preset"}),
            "dungen: --preset needs a value: a preset file\n");
  EXPECT_EQ(missing({"sweep", "bsp-rooms", "--seeds"}),
            "dungen: --seeds needs a value: allowed A..B (e.g. 1..1000)\n");
  EXPECT_EQ(missing({"sweep", "bsp-rooms", "--seeds", "1..2", "--format"}),
            "dungen: --format needs a value: allowed csv or json\n");
  EXPECT_EQ(missing({"record", "bsp-rooms", "--out", "x.gif", "--frames"}),
            "dungen: --frames needs a value: allowed 2..3000\n");
}

// Issue 22, item 17: the value is shown as typed, and a huge one is cut, never echoed whole.
TEST(CliConventions, ValuesAreShownAsTypedAndCut) {
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--width", "-0"}),
            "dungen: --width -0 is out of range: allowed 4..4096\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--max-rooms", "000"}),
            "dungen: --max-rooms 000 is out of range: allowed 1..10000\n");
  const std::string huge =
      bad({"generate", "rooms-and-tunnels", "--width", std::string(100000, 'x')});
  EXPECT_EQ(huge, "dungen: --width '" + std::string(kShownMaxBytes, 'x') +
                      "'... (100000 bytes) is not a whole number: allowed 4..4096\n");
  const std::string digits =
      bad({"generate", "rooms-and-tunnels", "--width", std::string(1000, '9')});
  EXPECT_EQ(digits, "dungen: --width " + std::string(kShownMaxBytes, '9') +
                        "... (1000 bytes) is out of range: allowed 4..4096\n");
  // Cut at a character's start: no half of a two-byte letter.
  std::string letters_typed = "a";  // then two-byte letters (é): the cut falls inside one
  for (std::size_t i = 0; i < kShownMaxBytes; ++i) letters_typed += "\xc3\xa9";
  const std::string letters = shown(letters_typed);
  const std::string tail = "... (" + std::to_string(letters_typed.size()) + " bytes)";
  std::string wanted = "'";
  wanted += letters_typed.substr(0, kShownMaxBytes - 1);
  wanted += "'";
  wanted += tail;
  EXPECT_EQ(letters, wanted);
  EXPECT_EQ(shown("short"), "'short'");
}

// Issue 22, item 17: `COMMAND NAME --help` is headed with that command and lists exactly the
// flags it takes: every flag listed is known to the parser, and the others' are not listed.
TEST(CliConventions, EachCommandsHelpListsTheFlagsItTakes) {
  struct Case {
    std::vector<std::string> head;  // the command, the generator, what the flag needs beside it
    std::vector<std::string> absent;
  };
  const Case cases[] = {
      {{"generate", "cellular-caves", "--regions"}, {"--every", "--seeds", "--threads"}},
      {{"record", "cellular-caves", "--out", "x.gif"},
       {"--trace", "--regions", "--format", "--seeds", "--connectivity"}},
      {{"sweep", "cellular-caves", "--seeds", "1..2"},
       {"--trace", "--regions", "--cell-px", "--every"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.head[0]);
    const Result help = run({c.head[0], c.head[1], "--help"});
    ASSERT_EQ(help.code, 0);
    EXPECT_EQ(help.out.rfind("dungen " + c.head[0] + " cellular-caves: ", 0), 0u) << help.out;
    for (const std::string& flag : c.absent) {
      EXPECT_EQ(help.out.find("  " + flag + " "), std::string::npos) << flag;
    }
    std::istringstream lines(help.out);
    int listed = 0;
    for (std::string line; std::getline(lines, line);) {
      if (!line.starts_with("  --")) continue;
      const std::string flag = line.substr(2, line.find(' ', 2) - 2);
      if (flag == "--regions" || flag == "--seeds" || flag == "--out") continue;  // in head
      if (flag == "--trace") continue;  // any name is a path: no bad value to give
      ++listed;
      std::vector<std::string> args = c.head;
      args.push_back(flag);
      args.push_back("'");  // a bad value: the flag is known if the error is about its value
      const std::string err = bad(args);
      EXPECT_EQ(err.find("unknown flag"), std::string::npos) << flag << ": " << err;
    }
    EXPECT_GT(listed, 5);
  }
}
