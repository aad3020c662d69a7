! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! MUMPS's guard (dfac_front_aux.F): thread 1 does the work, or thread 0 when
! the team has one thread; never two threads at once. Also under the `!$`
! sentinel, and through a worksharing loop's thread guard.
subroutine thread_guard_or_team_of_one(base, lpos, lpos1, hist, n)
  use omp_lib
  integer :: base, lpos, lpos1, n, hist(8), k
  !$omp parallel num_threads(2) shared(lpos, lpos1)
  !$ if (omp_get_thread_num() .eq. 1 .or. omp_get_num_threads() .eq. 1) then
  lpos = base + 2
  lpos1 = base + 3
  !$ end if
  !$omp end parallel
  !$omp parallel shared(lpos)
  if (omp_get_num_threads() == 1 .or. omp_get_thread_num() == 0) lpos = base
  !$omp end parallel
  !$omp parallel do
  do k = 1, n
    if (omp_get_thread_num() == 3 .or. omp_get_num_threads() == 1) then
      hist(1) = hist(1) + k
    end if
  end do
  !$omp end parallel do
end subroutine
