! race: no
! Both sections update the count under the same lock.
program lock_both_sides
  use omp_lib
  implicit none
  integer(omp_lock_kind) :: lk
  integer :: cnt
  cnt = 0
  call omp_init_lock(lk)
  !$omp parallel sections
  !$omp section
  call omp_set_lock(lk)
  cnt = cnt + 1
  call omp_unset_lock(lk)
  !$omp section
  call omp_set_lock(lk)
  cnt = cnt + 2
  call omp_unset_lock(lk)
  !$omp end parallel sections
  call omp_destroy_lock(lk)
  print *, cnt
end program
