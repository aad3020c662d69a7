! RUN: not %privateer_fortran --checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning:
! RUN: not %privateer_fortran --checks=-*,privateer-shared-buffer --report-may %s 2>&1 | FileCheck %s --check-prefix=MAY
!
! Collisions proven by counting, in Fortran as in C: MODULO, MOD and IAND
! bound the bin an update selects, and so do the contents of a PARAMETER
! array or of a DATA array nothing writes. More iterations than values
! means two iterations update one bin, whatever the keys: reported by
! default. Too few iterations, an index nothing bounds (a permutation) or
! a DATA table something writes stay "may".
subroutine by_modulo(keys, n, m, bins)
  integer :: n, m, i, b
  integer :: keys(n), bins(m)
  !$omp parallel do private(b)
  do i = 1, n
    b = modulo(keys(i), 8) + 1
    bins(b) = bins(b) + 1
  end do
end subroutine
! CHECK: counting.f90:[[@LINE-3]]:5: warning: iterations update 'bins' at the same element without synchronization; concurrent updates are lost [privateer-shared-buffer]
! CHECK: note: 'bins[modulo(keys(i), 8) + 1]' can select at most 8 elements and more than 8 iterations update it: two of them update the same element (with n=9)

subroutine by_iand(keys, n, m, bins)
  integer :: n, m, i, b
  integer :: keys(n), bins(0:m)
  !$omp parallel do private(b)
  do i = 1, 4 * n
    b = iand(keys(i), 15)
    bins(b) = bins(b) + 1
  end do
end subroutine
! CHECK: counting.f90:[[@LINE-3]]:5: warning: iterations update 'bins' at the same element
! CHECK: note: 'bins[iand(keys(i), 15)]' can select at most 16 elements and more than 16 iterations update it

subroutine by_mod(keys, n, m, bins)
  integer :: n, m, i, b
  integer :: keys(n), bins(-m:m)
  !$omp parallel do private(b)
  do i = 1, n
    b = mod(keys(i), 16)
    bins(b) = bins(b) + 1
  end do
end subroutine
! CHECK: counting.f90:[[@LINE-3]]:5: warning: iterations update 'bins' at the same element
! CHECK: note: 'bins[keys(i) % 16]' can select at most 31 elements and more than 31 iterations update it

subroutine by_parameter(x, n, m, acc)
  integer :: n, m, i
  real :: x(n), acc(m)
  integer, parameter :: bin_of(6) = [1, 2, 3, 1, 2, 3]
  !$omp parallel do
  do i = 1, 6
    acc(bin_of(i)) = acc(bin_of(i)) + x(i)
  end do
end subroutine
! CHECK: counting.f90:[[@LINE-3]]:5: warning: iterations update 'acc' at the same element
! CHECK: note: iterations i=1 and i=4 both update 'acc[1]'

subroutine by_data(x, n, m, acc)
  integer :: n, m, i
  real :: x(n), acc(m)
  integer :: bin_of(4)
  data bin_of /4, 3, 2, 4/
  !$omp parallel do
  do i = 1, 4
    acc(bin_of(i)) = acc(bin_of(i)) + x(i)
  end do
end subroutine
! CHECK: counting.f90:[[@LINE-3]]:5: warning: iterations update 'acc' at the same element
! CHECK: note: iterations i=1 and i=4 both update 'acc[4]'

! A table of distinct values: no collision.
subroutine distinct(x, n, m, acc)
  integer :: n, m, i
  real :: x(n), acc(m)
  integer, parameter :: slot(4) = [3, 1, 4, 2]
  !$omp parallel do
  do i = 1, 4
    acc(slot(i)) = acc(slot(i)) + x(i)
  end do
end subroutine

! A DATA table the procedure also writes: its contents are not known.
subroutine data_written(x, n, m, acc, k)
  integer :: n, m, i, k
  real :: x(n), acc(m)
  integer :: bin_of(4)
  data bin_of /4, 3, 2, 4/
  bin_of(1) = k
  !$omp parallel do
  do i = 1, 4
    acc(bin_of(i)) = acc(bin_of(i)) + x(i)
  end do
end subroutine
! MAY: counting.f90:[[@LINE-3]]:5: warning: iterations can update 'acc' at the same element

! Eight iterations, eight bins: no count proves a collision.
subroutine fewer(keys, n, m, bins)
  integer :: n, m, i, b
  integer :: keys(n), bins(m)
  !$omp parallel do private(b)
  do i = 1, 8
    b = modulo(keys(i), 8) + 1
    bins(b) = bins(b) + 1
  end do
end subroutine
! MAY: counting.f90:[[@LINE-3]]:5: warning: iterations can update 'bins' at the same element

! Nothing bounds a permutation's values.
subroutine permuted(keys, n, y)
  integer :: n, i
  integer :: keys(n)
  real :: y(n)
  !$omp parallel do
  do i = 1, n
    y(keys(i)) = y(keys(i)) + 1
  end do
end subroutine
! MAY: counting.f90:[[@LINE-3]]:5: warning: iterations can update 'y' at the same element

! A local array assigned once from an array constructor before the loop
! is a table too: a duplicate entry is a collision, distinct entries none;
! a table a call may change is not known.
subroutine by_assigned_table(x, acc)
  real :: x(8), acc(20)
  integer :: idx(8), i
  idx = [1, 3, 5, 7, 9, 11, 5, 13]
  !$omp parallel do
  do i = 1, 8
    acc(idx(i)) = acc(idx(i)) + x(i)
  end do
end subroutine
! CHECK: counting.f90:[[@LINE-3]]:5: warning: iterations update 'acc' at the same element
! CHECK: note: iterations i=3 and i=7 both update 'acc[5]'

subroutine assigned_distinct(x, acc)
  real :: x(8), acc(20)
  integer :: idx(8), i
  idx = [1, 3, 5, 7, 9, 11, 15, 13]
  !$omp parallel do
  do i = 1, 8
    acc(idx(i)) = acc(idx(i)) + x(i)
  end do
end subroutine

subroutine assigned_then_passed(x, acc)
  real :: x(8), acc(20)
  integer :: idx(8), i
  external :: shuffle
  idx = [1, 3, 5, 7, 9, 11, 15, 13]
  call shuffle(idx)
  !$omp parallel do
  do i = 1, 8
    acc(idx(i)) = acc(idx(i)) + x(i)
  end do
end subroutine
! MAY: counting.f90:[[@LINE-3]]:5: warning: iterations can update 'acc' at the same element
