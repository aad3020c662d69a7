! race: yes
! One section updates under a lock, the other without it.
program lock_one_side
  use omp_lib
  implicit none
  integer(omp_lock_kind) :: lk
  integer :: shared_count
  shared_count = 0
  call omp_init_lock(lk)
  !$omp parallel sections
  !$omp section
  call omp_set_lock(lk)
  shared_count = shared_count + 1
  call omp_unset_lock(lk)
  !$omp section
  shared_count = shared_count + 2
  !$omp end parallel sections
  call omp_destroy_lock(lk)
  print *, shared_count
end program
