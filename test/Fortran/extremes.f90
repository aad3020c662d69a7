! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! An 'if' that keeps the largest (smallest) value, 'if (a(i) > m) m = a(i)',
! is a max (min) accumulation: advice 'reduction(max: m)'. Only when the
! condition compares the very value the branch stores and nothing else in
! the loop uses m; otherwise it stays a plain write.

subroutine extremes(a, n, m, lo, c)
  integer :: n, i, c
  ! expected-note@+2 {{'m' is declared here, outside the parallel loop, so all iterations share it}}
  ! expected-note@+1 {{'lo' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n), m, lo
  ! expected-note@+1 {{'m' is shared by this '!$omp parallel do'; use 'reduction(max: m)' on the directive}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'m' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both update 'm'}}
    if (a(i) > m) m = a(i)
  end do
  !$omp end parallel do
  ! The comparison the other way round, and a block 'if'.
  ! expected-note@+1 {{'lo' is shared by this '!$omp parallel do'; use 'reduction(min: lo)' on the directive}}
  !$omp parallel do
  do i = 1, n
    if (lo > a(i)) then
      ! expected-warning@+2 {{'lo' is updated by every iteration without a reduction}}
      ! expected-note@+1 {{iterations i=1 and i=2 both update 'lo'}}
      lo = a(i)
    end if
  end do
  !$omp end parallel do
end subroutine

subroutine integers(k, n, c)
  integer :: n, i
  ! expected-note@+1 {{'c' is declared here, outside the parallel loop, so all iterations share it}}
  integer :: k(n), c
  ! expected-note@+1 {{'c' is shared by this '!$omp parallel do'; use 'reduction(max: c)' on the directive}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'c' is updated by every iteration without a reduction}}
    ! expected-note@+1 {{iterations i=1 and i=2 both update 'c'}}
    if (c <= k(i)) c = k(i)
  end do
  !$omp end parallel do
end subroutine

! Not a maximum: the branch also records where (k would race on its own,
! and m's copy per thread changes what decides k), stores another element
! than it compared, has an else branch, or m is read elsewhere in the loop.
subroutine plain(a, b, n, m, k)
  ! expected-note@+1 {{'k' is declared here}}
  integer :: n, i, k
  ! expected-note@+1 {{'m' is declared here}}
  real :: a(n), b(n), m
  ! expected-note@+2 {{'m' is shared by this '!$omp parallel do'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: protect both with one '!$omp critical'}}
  ! expected-note@+1 {{'k' is shared by this '!$omp parallel do'; make the write '!$omp atomic write'}}
  !$omp parallel do
  do i = 1, n
    if (a(i) > m) then
      ! expected-warning@+2 {{'m' is written by every iteration without synchronization}}
      ! expected-note@+1 {{iterations i=1 and i=2 both write 'm'}}
      m = a(i)
      ! expected-warning@+2 {{'k' is written by every iteration without synchronization}}
      ! expected-note@+1 {{iterations i=1 and i=2 both write 'k'}}
      k = i
    end if
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'m' is shared by this '!$omp parallel do'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: protect both with one '!$omp critical'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'m' is written by every iteration without synchronization}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'm'}}
    if (a(i) > m) m = b(i)
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'m' is shared by this '!$omp parallel do'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: protect both with one '!$omp critical'}}
  !$omp parallel do
  do i = 1, n
    if (a(i) > m) then
      ! expected-warning@+2 {{'m' is written by every iteration without synchronization}}
      ! expected-note@+1 {{iterations i=1 and i=2 both write 'm'}}
      m = a(i)
    else
      b(i) = 0
    end if
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'m' is shared by this '!$omp parallel do'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: protect both with one '!$omp critical'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'m' is written by every iteration without synchronization}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'm'}}
    if (a(i) > m) m = a(i)
    b(i) = m
  end do
  !$omp end parallel do
end subroutine

! With the reduction the loop is correct: silent.
subroutine reduced(a, n, m)
  integer :: n, i
  real :: a(n), m
  !$omp parallel do reduction(max:m)
  do i = 1, n
    if (a(i) > m) m = a(i)
  end do
  !$omp end parallel do
end subroutine
