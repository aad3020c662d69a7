//===- KnownTablesTest.cpp - Tests of the known-name tables ---------------===//
//
// Part of privateer. The C front end's tables of library names answer by
// spelling, by family and by prefix; a name that is not listed is Unlisted
// and in no family, so a user's own `task_group_id` struct is not taken for
// a lock or a container.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"

#include "gtest/gtest.h"

using namespace privateer::clangfe;

namespace {

TEST(KnownTypes, SpellingsNameTheirEntry) {
  EXPECT_EQ(knownType("task_group"), KnownType::TaskGroup);
  EXPECT_EQ(knownType("basic_string"), KnownType::BasicString);
  EXPECT_EQ(knownType("reference_wrapper"), KnownType::ReferenceWrapper);
  EXPECT_EQ(knownType("my_task_group"), KnownType::Unlisted);
  EXPECT_EQ(knownType(""), KnownType::Unlisted);
  EXPECT_EQ(knownType(static_cast<const clang::NamedDecl *>(nullptr)),
            KnownType::Unlisted);
}

TEST(KnownTypes, FamiliesGroupTheSpellings) {
  using namespace typefamily;
  EXPECT_TRUE(typeFamilies("omp_nest_lock_t") & LockTypedef);
  EXPECT_TRUE(typeFamilies("rw_scoped_lock") & LockGuard);
  EXPECT_TRUE(typeFamilies("atomic_ref") & SelfSynchronizing);
  EXPECT_TRUE(typeFamilies("valarray") & SizedContainer);
  EXPECT_TRUE(typeFamilies("pair") & TupleLike);
  EXPECT_TRUE(typeFamilies("unordered_map") & InsertingSubscript);
  EXPECT_TRUE(typeFamilies("parallel_unsequenced_policy") & ParallelPolicy);
  // One family per job: a container is not a lock, a lock not atomic.
  EXPECT_FALSE(typeFamilies("vector") & (LockGuard | SelfSynchronizing));
  EXPECT_FALSE(typeFamilies("lock_guard") & SelfSynchronizing);
  // Every policy is a policy; only par and par_unseq run in parallel.
  EXPECT_EQ(typeFamilies("sequenced_policy"), ExecutionPolicy);
  EXPECT_TRUE(typeFamilies("parallel_policy") & ExecutionPolicy);
  EXPECT_EQ(knownType("blocked_range2d"), KnownType::BlockedRange2d);
  EXPECT_TRUE(typeFamilies("blocked_range3d") & BlockedRange);
  EXPECT_EQ(typeFamilies("blocked_range4d"), 0u);
  // Smart pointers and heap containers keep elements apart; array does not.
  EXPECT_TRUE(typeFamilies("unique_ptr") & ElementsApart);
  EXPECT_TRUE(typeFamilies("vector") & ElementsApart);
  EXPECT_FALSE(typeFamilies("array") & ElementsApart);
}

TEST(KnownTypes, PrefixesReachUnlistedNames) {
  using namespace typefamily;
  // oneTBB's concurrent_* containers and task_group's bases.
  EXPECT_EQ(knownType("concurrent_hash_map"), KnownType::Unlisted);
  EXPECT_TRUE(typeFamilies("concurrent_hash_map") & SelfSynchronizing);
  EXPECT_TRUE(typeFamilies("task_group_base") & TaskGroup);
  EXPECT_TRUE(typeFamilies("structured_task_group") & TaskGroup);
  // A prefix matches the start only.
  EXPECT_FALSE(typeFamilies("my_concurrent_queue") & SelfSynchronizing);
  EXPECT_FALSE(typeFamilies("task_grou") & TaskGroup);
}

TEST(KnownNames, CalleesByNameAndFamily) {
  EXPECT_EQ(knownName("push_back"), KnownName::PushBack);
  EXPECT_EQ(knownName("push_backs"), KnownName::Unlisted);
  EXPECT_TRUE(nameFamilies("emplace_back") & family::Appends);
  EXPECT_TRUE(nameFamilies("clear") & family::DiscardsContents);
  EXPECT_FALSE(nameFamilies("pop_back") & family::Appends);
}

} // namespace
