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

TEST(Checks, UnmatchedPrivateerGlobsAreReported) {
  CheckFilter F("-*,clang-analyzer-*,privateer-shared-bufer");
  auto U = F.unmatchedGlobs();
  ASSERT_EQ(U.size(), 1u);
  EXPECT_EQ(U[0], "privateer-shared-bufer");
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
