! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --report-may --verify-diagnostics %s
! The same through fir-opt and the pass plugin, from the printed HLFIR:
! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer{report-may=1}))' -verify-diagnostics %t.mlir -o /dev/null
!
! Arrays shared by '!$omp parallel do': a scratch array without private(w),
! a write to the next element (a loop-carried dependence), and a histogram
! whose bin index is a shared scalar.

subroutine scratch_array(a, b, n)
  integer :: n, i, j
  ! expected-note@+1 {{'w' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n), b(n), w(4)
  ! expected-note@+1 {{'w' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    do j = 1, 4
      ! expected-warning@+2 {{shared buffer 'w' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
      ! expected-note@+1 {{iterations i=1 and i=2 both write 'w[j]'}}
      w(j) = a(i) * j
    end do
    b(i) = w(1) + w(4)
  end do
  !$omp end parallel do
end subroutine

subroutine carried(a, n)
  integer :: n, i
  ! expected-note@+1 {{'a' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n + 1)
  ! expected-note@+1 {{'a' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
    ! expected-note@+1 {{iteration i=2 reads 'a[i]' here while iteration i=1 writes 'a[i + 1]': both access 'a[2]'}}
    a(i + 1) = a(i) * 2
  end do
  !$omp end parallel do
end subroutine

subroutine histogram(a, h, n, m)
  ! expected-note@+1 {{'k' is declared here, outside the parallel loop, so all iterations share it}}
  integer :: n, m, i, k
  ! expected-note@+1 {{'h' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n), h(m)
  ! expected-note@+2 {{'k' is shared by this '!$omp parallel do'}}
  ! expected-note@+1 {{'h' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{shared buffer 'k' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'k'}}
    k = mod(i, 8) + 1
    ! expected-warning@+2 {{iterations can update 'h' at the same element without synchronization; concurrent updates may be lost [privateer-shared-buffer]}}
    ! expected-note@+1 {{one iteration and another iteration may both update 'h[k]'}}
    h(k) = h(k) + a(i)
  end do
  !$omp end parallel do
end subroutine

! min(i, 10) clamps every later iteration onto one element.
subroutine clamped(x, y, n)
  integer :: n, i
  ! expected-note@+1 {{'y' is declared here, outside the parallel loop, so all iterations share it}}
  real :: x(n), y(n)
  ! expected-note@+1 {{'y' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'y' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=10 and i=11 both write 'y[10]'}}
    y(min(i, 10)) = x(i)
  end do
  !$omp end parallel do
end subroutine

! Sections: b(2i:2i+3) overlaps the next iteration's; w(1:4) and the whole
! of v are scratch every iteration overwrites.
subroutine sections(a, b, n)
  integer :: n, i
  ! expected-note@+2 {{'b' is declared here, outside the parallel loop, so all iterations share it}}
  ! expected-note@+1 {{'w' is declared here, outside the parallel loop, so all iterations share it}}
  real :: a(n), b(4 * n), w(8)
  ! expected-note@+1 {{'v' is declared here, outside the parallel loop, so all iterations share it}}
  real :: v(8)
  ! expected-note@+1 {{'b' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{'b' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'b[2 * i:2 * i + 3]' (with n=2)}}
    b(2 * i:2 * i + 3) = a(i)
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'w' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{shared buffer 'w' is scratch that every iteration overwrites}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write 'w[1:4]'}}
    w(1:4) = a(i)
    b(i) = w(2)
  end do
  !$omp end parallel do
  ! expected-note@+1 {{'v' is shared by this '!$omp parallel do'}}
  !$omp parallel do
  do i = 1, n
    ! expected-warning@+2 {{shared buffer 'v' is scratch that every iteration overwrites}}
    ! expected-note@+1 {{iterations i=1 and i=2 both write all of 'v'}}
    v = a(i)
    b(i) = v(3)
  end do
  !$omp end parallel do
end subroutine
