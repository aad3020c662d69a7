//===- ChecksTest.cpp - Check list, filters, NOLINT arguments, options ----===//

#include "privateer/Analysis/Checks.h"
#include "privateer/Analysis/Options.h"

#include <gtest/gtest.h>

using namespace privateer;

TEST(Checks, NamesComeFromTheOneList) {
  ASSERT_FALSE(allChecks().empty());
  EXPECT_STREQ(checkName(CheckId::SharedBuffer), "privateer-shared-buffer");
  for (const CheckInfo &C : allChecks())
    EXPECT_EQ(std::string(C.Name).rfind("privateer-", 0), 0u) << C.Name;
}

TEST(Checks, GlobsMatchLikeClangTidy) {
  EXPECT_TRUE(globMatch("privateer-*", "privateer-shared-buffer"));
  EXPECT_TRUE(globMatch("*buffer", "privateer-shared-buffer"));
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_FALSE(globMatch("privateer-loop*", "privateer-shared-buffer"));
}

TEST(Checks, LaterGlobsWin) {
  CheckFilter Default;
  EXPECT_TRUE(Default.isEnabled("privateer-shared-buffer"));
  CheckFilter None("-*");
  EXPECT_FALSE(None.isEnabled("privateer-shared-buffer"));
  CheckFilter One("-*, privateer-shared-buffer");
  EXPECT_TRUE(One.isEnabled("privateer-shared-buffer"));
  CheckFilter Off("privateer-*,-privateer-shared-buffer");
  EXPECT_FALSE(Off.isEnabled("privateer-shared-buffer"));
}

TEST(Checks, UnmatchedGlobsAreReported) {
  CheckFilter F("-*,clang-analyzer-*,privateer-shared-bufer,-privatee-loop*");
  auto All = F.unmatchedGlobs();
  ASSERT_EQ(All.size(), 3u);
  EXPECT_EQ(All[0], "clang-analyzer-*");
  EXPECT_EQ(All[1], "privateer-shared-bufer");
  EXPECT_EQ(All[2], "-privatee-loop*");
  // In a list shared with other tools, only what looks meant for privateer.
  auto Ours = F.unmatchedGlobs(CheckFilter::GlobScope::PrivateerLike);
  ASSERT_EQ(Ours.size(), 2u);
  EXPECT_EQ(Ours[0], "privateer-shared-bufer");
  EXPECT_EQ(Ours[1], "-privatee-loop*");
}

TEST(Checks, AMistakenListIsAnError) {
  EXPECT_EQ(CheckFilter("-*,privateer-shared-buffer").error(), "");
  // One glob a line, as in a .clang-tidy `Checks: |` block.
  CheckFilter Lines("-*,\n  privateer-shared-buffer,\r\n");
  EXPECT_EQ(Lines.error(), "");
  EXPECT_TRUE(Lines.isEnabled("privateer-shared-buffer"));
  EXPECT_EQ(CheckFilter("-*").error(), "");
  // The typo: the closest check is named.
  std::string E = CheckFilter("privatee-shared").error();
  EXPECT_NE(E.find("check glob 'privatee-shared' matches no check (did you "
                   "mean 'privateer-shared-buffer'?)"),
            std::string::npos)
      << E;
  EXPECT_NE(E.find("privateer's checks are privateer-shared-buffer, "),
            std::string::npos);
  EXPECT_NE(CheckFilter("-privateer-chunk-false-sharng")
                .error()
                .find("did you mean 'privateer-chunk-false-sharing'"),
            std::string::npos);
  // Nothing close: no guess.
  EXPECT_EQ(CheckFilter("bugprone-*").error().find("did you mean"),
            std::string::npos);
  EXPECT_NE(CheckFilter("").error().find("names no check"), std::string::npos);
  EXPECT_EQ(
      CheckFilter("-*,bugprone-*").error(CheckFilter::GlobScope::PrivateerLike),
      "");
}

TEST(Checks, NolintArguments) {
  EXPECT_TRUE(nolintCovers("", "privateer-shared-buffer"));
  EXPECT_TRUE(nolintCovers("privateer-*", "privateer-shared-buffer"));
  EXPECT_TRUE(nolintCovers("bugprone-x, privateer-shared-buffer",
                           "privateer-shared-buffer"));
  EXPECT_FALSE(nolintCovers("bugprone-*", "privateer-shared-buffer"));
}

TEST(Options, ParsesWords) {
  Options O;
  std::string Err;
  EXPECT_TRUE(O.apply("werror", Err));
  EXPECT_EQ(O.Werror, Options::ErrorMode::Always);
  EXPECT_TRUE(O.apply("werror=off", Err));
  EXPECT_EQ(O.Werror, Options::ErrorMode::Never);
  EXPECT_TRUE(O.apply("cache-line=128", Err));
  EXPECT_EQ(O.CacheLine, 128u);
  EXPECT_TRUE(O.apply("checks=-*", Err));
  EXPECT_FALSE(O.Checks.isEnabled("privateer-shared-buffer"));
}

TEST(Options, ChecksWithATypoAreRejected) {
  Options O;
  std::string Err;
  EXPECT_FALSE(O.apply("checks=privatee-shared", Err));
  EXPECT_NE(Err.find("matches no check"), std::string::npos);
  EXPECT_FALSE(O.apply("checks=", Err));
  // The filter in force is unchanged.
  EXPECT_TRUE(O.Checks.isEnabled("privateer-shared-buffer"));
}

TEST(Options, WarningOptionsNamingPrivateerSayWhatToUse) {
  std::string E = warningOptionError("no-error=privateer-shared-buffer",
                                     "-fplugin-arg-privateer-");
  EXPECT_NE(E.find("'-Wno-error=privateer-shared-buffer' has no effect"),
            std::string::npos);
  EXPECT_NE(E.find("-fplugin-arg-privateer-werror=off"), std::string::npos);
  EXPECT_NE(E.find("-fplugin-arg-privateer-checks=-privateer-shared-buffer"),
            std::string::npos);
  EXPECT_NE(warningOptionError("no-privateer-loop-alloc", "--")
                .find("--checks=-privateer-loop-alloc"),
            std::string::npos);
  EXPECT_NE(
      warningOptionError("error=privateer-loop-alloc", "--").find("--werror"),
      std::string::npos);
  EXPECT_EQ(warningOptionError("no-unused-variable", "--"), "");
  EXPECT_EQ(warningOptionError("error", "--"), "");
}

TEST(Options, KeyNamesEveryValue) {
  Options A, B;
  EXPECT_EQ(A.key(), B.key());
  std::string Err;
  EXPECT_TRUE(B.apply("cache-line=128", Err));
  EXPECT_NE(A.key(), B.key());
  Options C;
  EXPECT_TRUE(C.apply("checks=-*,privateer-shared-buffer", Err));
  EXPECT_NE(A.key(), C.key());
}

TEST(Options, HelpIsPlainText) {
  std::string Help = Options::helpText("--");
  EXPECT_EQ(Help.find('`'), std::string::npos);
  EXPECT_EQ(Help.find("]("), std::string::npos);
  EXPECT_NE(Help.find("  --cache-line=<bytes>"), std::string::npos);
  EXPECT_NE(Help.find("(see docs/fixes.md)"), std::string::npos);
}

TEST(Options, RejectsBadWords) {
  Options O;
  std::string Err;
  EXPECT_FALSE(O.apply("cache-line=100", Err));
  EXPECT_NE(Err.find("power of two"), std::string::npos);
  EXPECT_FALSE(O.apply("cache-line=", Err));
  EXPECT_FALSE(O.apply("bogus", Err));
  EXPECT_NE(Err.find("unknown option 'bogus'"), std::string::npos);
  EXPECT_FALSE(O.apply("werror=1", Err));
  EXPECT_NE(Err.find("'on' or 'off'"), std::string::npos);
}
